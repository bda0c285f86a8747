// The fast-call shim: one function, search(token, id, subject), that V8 calls as a
// plain C function from optimized JavaScript (a V8 fast API call), handing
// over a flat one-byte string's characters in place. Built per Node.js major
// against that major's V8 headers, loaded by src/pattern/fast-call.ts only
// where it was built for the running Node.js and its V8 major is one whose
// fast-call layout was verified (fast-api-layout.h). Everything it does is
// the addon's: install() receives the addon's entry points (fast-entry.h).
//
// The fast C function never throws, allocates on the JavaScript heap or
// calls into V8: it returns an Outcome. Its ordinary callback, which V8 runs
// for every other string and for callers not yet optimized, reads the string
// as UTF-16 and searches too, so no subject needs a second crossing.

#include <node.h>

#include <atomic>
#include <cstdint>

#include "../fast-entry.h"
#include "fast-api-layout.h"

namespace {

std::atomic<const FastEntry*> entry{nullptr};

// Answered when the entry points are missing or the arguments are not a
// token, an id and a string (src/pattern/fast-call.ts never calls it so):
// the caller then searches through Node-API.
constexpr int32_t kNoSearch = kForeign;

int32_t SearchOneByte(v8::Local<v8::Object>, int32_t token, int32_t id, const v8::FastOneByteString& subject) {
  const FastEntry* addon = entry.load(std::memory_order_relaxed);
  if (addon == nullptr) return kNoSearch;
  return addon->search_one_byte(static_cast<uint32_t>(token), static_cast<uint32_t>(id),
                                reinterpret_cast<const uint8_t*>(subject.data), subject.length);
}

void SearchAnyString(const v8::FunctionCallbackInfo<v8::Value>& info) {
  const FastEntry* addon = entry.load(std::memory_order_relaxed);
  int32_t outcome = kNoSearch;
  if (addon != nullptr && info.Length() >= 3 && info[0]->IsInt32() && info[1]->IsInt32() && info[2]->IsString()) {
    v8::Local<v8::String> subject = info[2].As<v8::String>();
    const int length = subject->Length();
    char16_t* units = addon->utf16_buffer(static_cast<size_t>(length));
    if (units == nullptr) {
      outcome = -2;  // kOutOfMemory
    } else {
      subject->Write(info.GetIsolate(), reinterpret_cast<uint16_t*>(units), 0, length,
                     v8::String::NO_NULL_TERMINATION);
      outcome = addon->search_utf16(static_cast<uint32_t>(info[0].As<v8::Int32>()->Value()),
                                    static_cast<uint32_t>(info[1].As<v8::Int32>()->Value()), units,
                                    static_cast<size_t>(length));
    }
  }
  info.GetReturnValue().Set(outcome);
}

constexpr v8::CTypeInfoLayout kArguments[] = {
    {v8::kFastV8Value, 0, 0},            // the receiver
    {v8::kFastInt32, 0, 0},              // the caller's environment token
    {v8::kFastInt32, 0, 0},              // the pattern's id
    {v8::kFastSeqOneByteString, 0, 0},   // the subject
};
constexpr v8::CFunctionInfoLayout kSignature{{v8::kFastInt32, 0, 0}, 0, 4, kArguments};
const v8::CFunction kSearchOneByte(reinterpret_cast<const void*>(&SearchOneByte), &kSignature);

// install(entry: bigint) -> search(token, id, subject), or undefined for an entry
// of another layout version.
void Install(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (info.Length() < 1 || !info[0]->IsBigInt()) return;
  bool lossless = false;
  const uint64_t address = info[0].As<v8::BigInt>()->Uint64Value(&lossless);
  const FastEntry* addon = reinterpret_cast<const FastEntry*>(static_cast<uintptr_t>(address));
  if (!lossless || addon == nullptr || addon->version != kFastEntryVersion) return;
  entry.store(addon, std::memory_order_relaxed);
  v8::Local<v8::FunctionTemplate> search =
      v8::FunctionTemplate::New(isolate, SearchAnyString, v8::Local<v8::Value>(), v8::Local<v8::Signature>(), 3,
                                v8::ConstructorBehavior::kThrow, v8::SideEffectType::kHasSideEffect, &kSearchOneByte);
  v8::Local<v8::Function> function;
  if (search->GetFunction(isolate->GetCurrentContext()).ToLocal(&function)) info.GetReturnValue().Set(function);
}

}  // namespace

// Context-aware, so workers load it too. Registered by Node.js's own
// mechanism, which refuses a file built for another NODE_MODULE_VERSION.
NODE_MODULE_INIT(/* exports, module, context */) {
  v8::Isolate* isolate = context->GetIsolate();
  v8::Local<v8::Function> install;
  if (!v8::FunctionTemplate::New(isolate, Install)->GetFunction(context).ToLocal(&install)) return;
  // A failed Set leaves an exception pending, which require() throws.
  if (!exports->Set(context, v8::String::NewFromUtf8Literal(isolate, "install"), install).FromMaybe(false)) return;
  (void)exports->Set(context, v8::String::NewFromUtf8Literal(isolate, "v8Major"),
                     v8::Integer::New(isolate, V8_MAJOR_VERSION));
}
