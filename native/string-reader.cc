#include "string-reader.h"

namespace {
constexpr size_t kInitialUnits = 256;
constexpr size_t kKeptUnits = 32 * 1024;
}  // namespace

StringReader::Status StringReader::Read(napi_env env, napi_value value,
                                        const char16_t** units, size_t* length) {
  // napi_get_value_string_utf16 writes at most bufsize - 1 units plus a NUL,
  // so a string that fills the buffer may have been cut: only then is its
  // length asked for and the copy made again.
  if (buffer_.capacity() == 0 && !buffer_.Reserve(kInitialUnits)) return kNoMemory;
  size_t size;
  if (napi_get_value_string_utf16(env, value, buffer_.data(), buffer_.capacity(), &size) != napi_ok) {
    return kNotAString;
  }
  if (size + 1 == buffer_.capacity()) {
    if (napi_get_value_string_utf16(env, value, nullptr, 0, &size) != napi_ok) return kNotAString;
    if (!buffer_.Reserve(size + 2)) return kNoMemory;
    napi_get_value_string_utf16(env, value, buffer_.data(), buffer_.capacity(), &size);
  }
  *units = buffer_.data();
  *length = size;
  return kRead;
}

void StringReader::Trim() {
  if (buffer_.capacity() > kKeptUnits) buffer_.Release();
}
