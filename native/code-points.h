#pragma once

#include <cstddef>
#include <cstdint>

// Reads UTF-16 as ECMAScript's `u` flag does: a valid surrogate pair is one
// astral code point, a lone surrogate is one character with its own value.
// `out` needs room for `length` units; returns how many it wrote.
inline size_t ToCodePoints(const char16_t* in, size_t length, uint32_t* out) {
  size_t n = 0;
  for (size_t i = 0; i < length; i++) {
    uint32_t unit = in[i];
    if ((unit & 0xFC00) == 0xD800 && i + 1 < length &&
        (in[i + 1] & 0xFC00) == 0xDC00) {
      unit = 0x10000 + ((unit - 0xD800) << 10) + (in[i + 1] - 0xDC00);
      i++;
    }
    out[n++] = unit;
  }
  return n;
}

// The UTF-16 offset of the code point at `offset`.
inline size_t Utf16Offset(const uint32_t* code_points, size_t offset) {
  size_t utf16 = offset;
  for (size_t i = 0; i < offset; i++) utf16 += code_points[i] > 0xFFFF;
  return utf16;
}
