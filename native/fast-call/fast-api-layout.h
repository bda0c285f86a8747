#pragma once

// V8's fast API call structures, laid out by hand: Node.js installs no
// v8-fast-api-calls.h, and v8-template.h only declares `class CFunction`.
// V8 reads these as plain data; their layout and type numbers are the same
// in V8 11.3, 12.4 and 13.6 (Node.js 20, 22 and 24), which
// src/pattern/fast-call.ts checks before it loads this shim, and which the
// hot-loop tests exercise on each of those Node.js majors. V8 12.4 added a
// byte to CFunctionInfo (Int64Representation), in what was padding in 11.3:
// left at 0 (kNumber), the bytes are the same for all three.

#include <cstdint>

namespace v8 {

// v8::CTypeInfo: type, sequence type (kScalar = 0), flags (kNone = 0).
struct CTypeInfoLayout {
  uint8_t type;
  uint8_t sequence_type;
  uint8_t flags;
};

// CTypeInfo::Type values used here.
enum : uint8_t { kFastInt32 = 3, kFastV8Value = 10, kFastSeqOneByteString = 11 };

// v8::CFunctionInfo.
struct CFunctionInfoLayout {
  CTypeInfoLayout return_info;
  uint8_t int64_representation;  // V8 12.4 and later; padding in 11.3
  unsigned int arg_count;
  const CTypeInfoLayout* arg_info;
};

// v8::CFunction, under the name v8-template.h declares, so that it can be
// handed to FunctionTemplate::New.
class CFunction {
 public:
  constexpr CFunction(const void* address, const CFunctionInfoLayout* type_info)
      : address_(address), type_info_(type_info) {}

 private:
  const void* address_;
  const CFunctionInfoLayout* type_info_;
};

// v8::FastOneByteString: a sequential one-byte string's characters, in place.
struct FastOneByteString {
  const char* data;
  uint32_t length;
};

static_assert(sizeof(CTypeInfoLayout) == 3, "CTypeInfo is three bytes");
static_assert(sizeof(CFunctionInfoLayout) == 8 + sizeof(void*), "CFunctionInfo: 3 + 1 + 4 bytes, then a pointer");
static_assert(sizeof(CFunction) == 2 * sizeof(void*), "CFunction is two pointers");

}  // namespace v8
