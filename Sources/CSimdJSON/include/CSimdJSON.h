// A small, generic C API over simdjson's DOM parser, so Swift can read JSON at simdjson's speed
// without seeing C++. Values and iterators are plain 16/32-byte structs that borrow from the
// parser: they stay valid until the parser parses its next document or is freed.
#ifndef CSIMDJSON_H
#define CSIMDJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How many readable bytes must follow a buffer handed to `sj_parse` with `padded` true.
extern const size_t sj_padding;

typedef struct sj_parser sj_parser;

/// A JSON value inside the parser's current document.
typedef struct { uint64_t opaque[2]; } sj_value;

/// An iterator over an array or an object.
typedef struct { uint64_t current[2]; uint64_t end[2]; } sj_iter;

typedef enum {
    SJ_ARRAY = 0, SJ_OBJECT, SJ_INT64, SJ_UINT64, SJ_DOUBLE, SJ_STRING, SJ_BOOL, SJ_NULL
} sj_type;

sj_parser *sj_parser_new(size_t max_depth);
void sj_parser_free(sj_parser *parser);

/// Parses `length` bytes. Returns 0 on success and sets `root`; otherwise a simdjson error code.
/// With `padded` true the caller promises `sj_padding` readable bytes after the buffer (no copy).
int sj_parse(sj_parser *parser, const char *bytes, size_t length, bool padded, sj_value *root);

/// The message simdjson gives for an error code.
const char *sj_error_message(int code);

sj_type sj_type_of(sj_value value);

/// Looks up `key` in an object. False when the value is no object or has no such key.
bool sj_object_find(sj_value object, const char *key, size_t key_length, sj_value *out);

bool sj_string(sj_value value, const char **bytes, size_t *length);
bool sj_int64(sj_value value, int64_t *out);
bool sj_uint64(sj_value value, uint64_t *out);
bool sj_double(sj_value value, double *out);
bool sj_bool(sj_value value, bool *out);

/// Starts iterating an array. False when the value is no array.
bool sj_array_begin(sj_value array, sj_iter *iter);
/// The next element, or false at the end.
bool sj_array_next(sj_iter *iter, sj_value *out);
size_t sj_array_count(sj_value array);

/// Starts iterating an object's fields. False when the value is no object.
bool sj_object_begin(sj_value object, sj_iter *iter);
/// The next field's key (borrowed bytes) and value, or false at the end.
bool sj_object_next(sj_iter *iter, const char **key, size_t *key_length, sj_value *out);

/// Looks through every object under `value` for a key that appears twice. On finding one, writes
/// its JSON path (`$.statuses[3].user`) and the key into the buffers (truncated, NUL-terminated)
/// and returns true.
bool sj_find_duplicate_key(sj_value value, char *path, size_t path_capacity, char *key, size_t key_capacity);

#ifdef __cplusplus
}
#endif

#endif
