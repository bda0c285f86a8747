#include "string-reader.h"

#include "code-points.h"

namespace {
constexpr size_t kKeptCapacity = 64 * 1024;
constexpr size_t kInitialCapacity = 256;
// PCRE2's JIT scans with aligned 16-byte SIMD loads that may reach past the
// subject's end (the extra units are masked off). Padding keeps those reads
// inside the allocation, and zero-filling keeps valgrind quiet about them.
constexpr size_t kSimdPadding = 16 / sizeof(uint32_t);
}  // namespace

StringReader::StringReader() { Allocate(kInitialCapacity); }

void StringReader::Allocate(size_t capacity) {
  utf16_.reset(new char16_t[capacity]);
  code_points_.reset(new uint32_t[capacity + kSimdPadding]());
  capacity_ = capacity;
}

bool StringReader::Read(napi_env env, napi_value value,
                        const uint32_t** code_points, size_t* length) {
  size_t units;
  if (napi_get_value_string_utf16(env, value, nullptr, 0, &units) != napi_ok) {
    napi_throw_type_error(env, nullptr, "expected a string");
    return false;
  }
  // napi_get_value_string_utf16 writes at most bufsize - 1 units plus a NUL.
  if (units + 1 > capacity_) Allocate(units + 1);
  if (napi_get_value_string_utf16(env, value, utf16_.get(), capacity_,
                                  &units) != napi_ok) {
    napi_throw_error(env, nullptr, "could not read the string");
    return false;
  }
  *code_points = code_points_.get();
  *length = ToCodePoints(utf16_.get(), units, code_points_.get());
  return true;
}

void StringReader::Trim() {
  if (capacity_ > kKeptCapacity) Allocate(kInitialCapacity);
}
