#include <napi.h>

#include <memory>
#include <new>

#include "dfa.h"
#include "environment.h"
#include "program.h"

namespace {

struct EnvironmentData {
  Environment* environment;
  Napi::Reference<Napi::Float64Array> work;  // keeps the counter's buffer alive
};

void EnvironmentGone(Napi::Env, EnvironmentData* data) {
  data->work.Reset();
  data->environment->Detach();
  data->environment->Release();
  delete data;
}

// The hot path: each compiled pattern is its own JS function whose callback
// data is the Pattern, so a call needs no unwrap or type check.
Napi::Value Test(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Pattern* pattern = static_cast<Pattern*>(info.Data());
  Environment* environment = pattern->environment();
  const char16_t* subject;
  size_t length;
  Outcome outcome = kOutOfMemory;
  switch (environment->strings.Read(env, info[0], &subject, &length)) {
    case StringReader::kNotAString:
      Napi::TypeError::New(env, "expected a string").ThrowAsJavaScriptException();
      return {};
    case StringReader::kNoMemory:
      break;
    case StringReader::kRead:
      outcome = environment->Search(env, pattern, subject, length);
      break;
  }
  environment->strings.Trim();
  napi_value result;
  if (napi_create_int32(env, outcome, &result) != napi_ok) return {};
  return Napi::Value(env, result);
}

void FreePattern(napi_env env, void* data, void*) {
  Pattern* pattern = static_cast<Pattern*>(data);
  pattern->environment()->Remove(env, pattern);
  delete pattern;
}

// compile(words: Uint32Array) -> { test, bytes, size } | { error }: see program.h
// for the encoding.
Napi::Value Compile(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (!info[0].IsTypedArray() || info[0].As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
    Napi::TypeError::New(env, "expected a Uint32Array").ThrowAsJavaScriptException();
    return {};
  }
  Napi::Uint32Array words = info[0].As<Napi::Uint32Array>();
  Napi::Object result = Napi::Object::New(env);
  if (env.IsExceptionPending()) return {};
  const char* error = nullptr;
  std::unique_ptr<Program> program = Program::Parse(words.Data(), words.ElementLength(), &error);
  if (!program) {
    result.Set("error", error);
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  Environment* environment = env.GetInstanceData<EnvironmentData>()->environment;
  std::unique_ptr<Pattern> pattern(new (std::nothrow) Pattern(std::move(program), environment));
  if (!pattern) {
    result.Set("error", "out of memory");
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  const size_t bytes = pattern->program_bytes();
  const size_t size = pattern->program_size();
  Napi::Function test = Napi::Function::New<Test>(env, "test", pattern.get());
  if (env.IsExceptionPending()) return {};
  // The wrap owns the Pattern from here: FreePattern runs when `test` is
  // collected or the environment shuts down, and forget() finds it.
  if (napi_wrap(env, test, pattern.get(), FreePattern, nullptr, nullptr) != napi_ok) return {};
  pattern.release();
  int64_t ignored;
  napi_adjust_external_memory(env, static_cast<int64_t>(bytes), &ignored);
  result.Set("test", test);
  result.Set("bytes", static_cast<double>(bytes));
  result.Set("size", static_cast<double>(size));
  return env.IsExceptionPending() ? Napi::Value() : result;
}

// forget(test): drops the pattern's cached states now, for a pattern that
// left the cache, instead of when the collector finds it.
Napi::Value ForgetStates(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  void* data = nullptr;
  if (!info[0].IsFunction() || napi_unwrap(env, info[0], &data) != napi_ok) {
    Napi::TypeError::New(env, "expected a compiled pattern").ThrowAsJavaScriptException();
    return {};
  }
  Pattern* pattern = static_cast<Pattern*>(data);
  pattern->environment()->Forget(env, pattern);
  return env.Undefined();
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  Napi::Float64Array work = Napi::Float64Array::New(env, 3);
  if (env.IsExceptionPending()) return exports;
  std::unique_ptr<EnvironmentData> data(new (std::nothrow) EnvironmentData{nullptr, {}});
  Environment* environment = new (std::nothrow) Environment(work.Data());
  if (!data || !environment) {
    if (environment) environment->Release();
    Napi::Error::New(env, "tool-input-schema: out of memory").ThrowAsJavaScriptException();
    return exports;
  }
  data->environment = environment;
  data->work = Napi::Persistent(work);
  env.SetInstanceData<EnvironmentData, EnvironmentGone>(data.get());
  if (env.IsExceptionPending()) return exports;
  data.release();

  // On failure an exception is pending and Node.js throws it from require().
  exports.DefineProperties({
      Napi::PropertyDescriptor::Value("compile", Napi::Function::New<Compile>(env, "compile"), napi_enumerable),
      Napi::PropertyDescriptor::Value("forget", Napi::Function::New<ForgetStates>(env, "forget"), napi_enumerable),
      Napi::PropertyDescriptor::Value("work", work, napi_enumerable),
      Napi::PropertyDescriptor::Value("readsPerUnit", Napi::Number::New(env, kReadsPerUnit), napi_enumerable),
  });
  return exports;
}

}  // namespace

NODE_API_MODULE(tool_input_schema, Init)
