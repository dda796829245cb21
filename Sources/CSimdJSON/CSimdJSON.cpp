#include "CSimdJSON.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

using namespace simdjson;

// Elements and iterators are a document pointer and a tape index: trivially copyable values,
// so they cross the C boundary as bytes.
static_assert(sizeof(dom::element) <= sizeof(sj_value), "dom::element must fit in sj_value");
static_assert(std::is_trivially_copyable<dom::element>::value, "dom::element must be trivially copyable");
static_assert(sizeof(dom::array::iterator) <= 2 * sizeof(uint64_t), "array iterator must fit");
static_assert(sizeof(dom::object::iterator) <= 2 * sizeof(uint64_t), "object iterator must fit");
static_assert(std::is_trivially_copyable<dom::array::iterator>::value, "array iterator must be copyable");
static_assert(std::is_trivially_copyable<dom::object::iterator>::value, "object iterator must be copyable");

template <typename T, typename Box> static inline T unbox(const Box &box) {
    T value;
    std::memcpy(static_cast<void *>(&value), &box, sizeof(T));
    return value;
}

template <typename T, typename Box> static inline void box(const T &value, Box *out) {
    std::memcpy(out, static_cast<const void *>(&value), sizeof(T));
}

struct sj_parser {
    dom::parser parser;
    size_t max_depth;
    explicit sj_parser(size_t depth) : max_depth(depth) {}
};

extern "C" {

const size_t sj_padding = SIMDJSON_PADDING;

sj_parser *sj_parser_new(size_t max_depth) {
    return new (std::nothrow) sj_parser(max_depth == 0 ? DEFAULT_MAX_DEPTH : max_depth);
}

void sj_parser_free(sj_parser *parser) { delete parser; }

int sj_parse(sj_parser *parser, const char *bytes, size_t length, bool padded, sj_value *root) {
    // Deep nesting is refused by depth, not by crashing: allocate with the caller's limit.
    if (parser->parser.capacity() < length || parser->parser.max_depth() != parser->max_depth) {
        auto error = parser->parser.allocate(length < 4096 ? 4096 : length, parser->max_depth);
        if (error) { return int(error); }
    }
    dom::element element;
    auto error = parser->parser.parse(bytes, length, !padded).get(element);
    if (error) { return int(error); }
    box(element, root);
    return 0;
}

const char *sj_error_message(int code) { return error_message(error_code(code)); }

sj_type sj_type_of(sj_value value) {
    switch (unbox<dom::element>(value).type()) {
    case dom::element_type::ARRAY: return SJ_ARRAY;
    case dom::element_type::OBJECT: return SJ_OBJECT;
    case dom::element_type::INT64: return SJ_INT64;
    case dom::element_type::UINT64: return SJ_UINT64;
    case dom::element_type::DOUBLE: return SJ_DOUBLE;
    case dom::element_type::STRING: return SJ_STRING;
    case dom::element_type::BOOL: return SJ_BOOL;
    case dom::element_type::NULL_VALUE: return SJ_NULL;
    }
    return SJ_NULL;
}

bool sj_object_find(sj_value object, const char *key, size_t key_length, sj_value *out) {
    dom::object fields;
    if (unbox<dom::element>(object).get_object().get(fields)) { return false; }
    dom::element found;
    if (fields.at_key(std::string_view(key, key_length)).get(found)) { return false; }
    box(found, out);
    return true;
}

bool sj_string(sj_value value, const char **bytes, size_t *length) {
    std::string_view text;
    if (unbox<dom::element>(value).get_string().get(text)) { return false; }
    *bytes = text.data();
    *length = text.size();
    return true;
}

bool sj_int64(sj_value value, int64_t *out) { return !unbox<dom::element>(value).get_int64().get(*out); }
bool sj_uint64(sj_value value, uint64_t *out) { return !unbox<dom::element>(value).get_uint64().get(*out); }
bool sj_double(sj_value value, double *out) { return !unbox<dom::element>(value).get_double().get(*out); }
bool sj_bool(sj_value value, bool *out) { return !unbox<dom::element>(value).get_bool().get(*out); }

bool sj_array_begin(sj_value array, sj_iter *iter) {
    dom::array elements;
    if (unbox<dom::element>(array).get_array().get(elements)) { return false; }
    box(elements.begin(), &iter->current);
    box(elements.end(), &iter->end);
    return true;
}

bool sj_array_next(sj_iter *iter, sj_value *out) {
    auto current = unbox<dom::array::iterator>(iter->current);
    auto end = unbox<dom::array::iterator>(iter->end);
    if (!(current != end)) { return false; }
    box(*current, out);
    ++current;
    box(current, &iter->current);
    return true;
}

size_t sj_array_count(sj_value array) {
    dom::array elements;
    if (unbox<dom::element>(array).get_array().get(elements)) { return 0; }
    return elements.size();
}

bool sj_object_begin(sj_value object, sj_iter *iter) {
    dom::object fields;
    if (unbox<dom::element>(object).get_object().get(fields)) { return false; }
    box(fields.begin(), &iter->current);
    box(fields.end(), &iter->end);
    return true;
}

bool sj_object_next(sj_iter *iter, const char **key, size_t *key_length, sj_value *out) {
    auto current = unbox<dom::object::iterator>(iter->current);
    auto end = unbox<dom::object::iterator>(iter->end);
    if (!(current != end)) { return false; }
    std::string_view name = current.key();
    *key = name.data();
    *key_length = name.size();
    box(current.value(), out);
    ++current;
    box(current, &iter->current);
    return true;
}

} // extern "C"

// Duplicate keys make a document ambiguous (parsers disagree on which value wins), so Tally
// refuses them. An explicit stack keeps deep documents from exhausting the C stack.
namespace {
struct Frame {
    bool is_object;
    dom::object::iterator object_at, object_end;
    dom::array::iterator array_at, array_end;
    size_t index;   // the array element being visited
    size_t taken;   // how many array elements have been taken
    std::string_view key;
};

bool has_duplicate(dom::object object, std::string_view *found) {
    size_t count = object.size();
    if (count < 2) { return false; }
    if (count <= 8) {
        std::string_view seen[8];
        size_t n = 0;
        for (auto field : object) {
            for (size_t i = 0; i < n; i++) {
                if (seen[i] == field.key) { *found = field.key; return true; }
            }
            seen[n++] = field.key;
        }
        return false;
    }
    if (count <= 64) {
        // Tweet and user objects have 20-40 keys: a 128-slot open-addressing table on the stack,
        // hashed on length and end bytes, so keys are compared only when they collide.
        std::string_view keys[64];
        uint8_t slots[128] = {0};
        size_t n = 0;
        for (auto field : object) {
            std::string_view key = field.key;
            size_t hash = key.size() * 31;
            if (!key.empty()) { hash += size_t(uint8_t(key[0])) * 7 + size_t(uint8_t(key[key.size() - 1])) * 131 + size_t(uint8_t(key[key.size() / 2])); }
            size_t slot = hash & 127;
            while (slots[slot] != 0) {
                if (keys[slots[slot] - 1] == key) { *found = key; return true; }
                slot = (slot + 1) & 127;
            }
            keys[n] = key;
            slots[slot] = uint8_t(++n);
        }
        return false;
    }
    std::unordered_set<std::string_view> seen;
    seen.reserve(count);
    for (auto field : object) {
        if (!seen.insert(field.key).second) { *found = field.key; return true; }
    }
    return false;
}

void copy_out(const std::string &text, char *buffer, size_t capacity) {
    if (capacity == 0) { return; }
    size_t n = text.size() < capacity - 1 ? text.size() : capacity - 1;
    std::memcpy(buffer, text.data(), n);
    buffer[n] = 0;
}

std::string path_of(const std::vector<Frame> &stack) {
    std::string path = "$";
    for (const auto &frame : stack) {
        if (frame.is_object) { path += "."; path += std::string(frame.key); }
        else { path += "[" + std::to_string(frame.index) + "]"; }
    }
    return path;
}
} // namespace

extern "C" {

bool sj_find_duplicate_key(sj_value value, char *path, size_t path_capacity, char *key, size_t key_capacity) {
    std::vector<Frame> stack;
    dom::element current = unbox<dom::element>(value);
    while (true) {
        // Visit `current`: check an object, then descend into it or into an array.
        dom::object object;
        dom::array array;
        if (!current.get_object().get(object)) {
            std::string_view duplicate;
            if (has_duplicate(object, &duplicate)) {
                copy_out(path_of(stack), path, path_capacity);
                copy_out(std::string(duplicate), key, key_capacity);
                return true;
            }
            Frame frame{true, object.begin(), object.end(), {}, {}, 0, 0, {}};
            stack.push_back(frame);
        } else if (!current.get_array().get(array)) {
            Frame frame{false, {}, {}, array.begin(), array.end(), 0, 0, {}};
            stack.push_back(frame);
        }
        // Find the next value to visit, climbing out of finished containers.
        bool found = false;
        while (!stack.empty()) {
            Frame &top = stack.back();
            if (top.is_object) {
                if (top.object_at != top.object_end) {
                    top.key = top.object_at.key();
                    current = top.object_at.value();
                    ++top.object_at;
                    found = true;
                    break;
                }
            } else if (top.array_at != top.array_end) {
                current = *top.array_at;
                ++top.array_at;
                top.index = top.taken++;
                found = true;
                break;
            }
            stack.pop_back();
        }
        if (!found) { return false; }
    }
}

} // extern "C"
