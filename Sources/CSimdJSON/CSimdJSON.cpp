#include "CSimdJSON.h"

#include <simdjson.h>

#include <cstring>
#include <new>
#include <type_traits>

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
