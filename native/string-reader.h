#pragma once

#include <node_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>

// Reads JavaScript strings as code points into buffers reused across calls.
class StringReader {
 public:
  StringReader();

  // Returns false with a JavaScript exception pending if `value` is not a
  // string. The result is valid until the next Read or Trim.
  bool Read(napi_env env, napi_value value, const uint32_t** code_points,
            size_t* length);

  // Frees buffers that a long string grew, so one 10 MB subject does not pin
  // 60 MB for the life of the environment.
  void Trim();

 private:
  void Allocate(size_t capacity);

  size_t capacity_ = 0;
  std::unique_ptr<char16_t[]> utf16_;
  std::unique_ptr<uint32_t[]> code_points_;
};
