#pragma once

#include <node_api.h>

#include <cstddef>

#include "array.h"

// Reads JavaScript strings as UTF-16 into a buffer reused across calls.
class StringReader {
 public:
  enum Status { kRead, kNotAString, kNoMemory };

  // The result is valid until the next Read or Trim.
  Status Read(napi_env env, napi_value value, const char16_t** units, size_t* length);

  // Room for `length` units, valid until the next Read, Room or Trim;
  // nullptr when memory ran out.
  char16_t* Room(size_t length) { return buffer_.Reserve(length + 1) ? buffer_.data() : nullptr; }

  // Frees a buffer that a long string grew, so one 10 MB subject does not pin
  // 20 MB for the life of the environment.
  void Trim();

 private:
  Array<char16_t> buffer_;
};
