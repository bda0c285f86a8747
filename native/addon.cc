#include <napi.h>

#include <memory>
#include <new>

#include "dfa.h"
#include "program.h"
#include "string-reader.h"

namespace {

// A pattern's cached states are dropped after a search that leaves them
// over kKeptStates, or that leaves every pattern's together over
// kKeptStatesInAll; the next search builds what it needs again.
constexpr size_t kKeptStates = 1 << 20;
constexpr size_t kKeptStatesInAll = 64 << 20;

// Per-environment state, so worker threads never share match buffers. The
// environment and each of its patterns own it together: pattern finalizers
// may run after the environment's own at shutdown.
struct Instance {
  Scratch scratch;
  StringReader strings;
  size_t states_in_all = 0;
  // [granted, spent]: the work of the current validation, which JavaScript
  // resets to [0, 0] before each one (src/pattern/native.ts).
  double* work = nullptr;
  Napi::Reference<Napi::Float64Array> work_array;
  size_t owners = 1;
};

void Release(Instance* instance) {
  if (--instance->owners == 0) delete instance;
}

void EnvironmentGone(Napi::Env, Instance* instance) {
  instance->work_array.Reset();
  instance->work = nullptr;
  Release(instance);
}

struct Pattern {
  Pattern(std::unique_ptr<Program> p, Instance* owner)
      : program(std::move(p)), dfa(program.get()), instance(owner) {
    instance->owners++;
  }
  ~Pattern() { Release(instance); }
  std::unique_ptr<Program> program;
  Dfa dfa;
  Instance* instance;
  size_t states_bytes = 0;  // what `dfa` held after the last search
};

// Keeps V8's view of native memory true, so that its collector frees
// unreachable patterns when they are what fills memory.
void Report(napi_env env, int64_t change) {
  int64_t ignored;
  if (change != 0) napi_adjust_external_memory(env, change, &ignored);
}

void Forget(napi_env env, Pattern* pattern) {
  pattern->dfa.Clear();
  pattern->instance->states_in_all -= pattern->states_bytes;
  Report(env, -static_cast<int64_t>(pattern->states_bytes));
  pattern->states_bytes = 0;
}

// After a search: keep its states within the bounds above, and tell V8.
void Settle(napi_env env, Pattern* pattern) {
  Instance* instance = pattern->instance;
  size_t bytes = pattern->dfa.bytes();
  if (bytes > kKeptStates || instance->states_in_all - pattern->states_bytes + bytes > kKeptStatesInAll) {
    Forget(env, pattern);
    return;
  }
  instance->states_in_all += bytes - pattern->states_bytes;
  Report(env, static_cast<int64_t>(bytes) - static_cast<int64_t>(pattern->states_bytes));
  pattern->states_bytes = bytes;
}

// The hot path: each compiled pattern is its own JS function whose callback
// data is the Pattern, so a call needs no unwrap or type check.
Napi::Value Test(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Instance* instance = env.GetInstanceData<Instance>();
  Pattern* pattern = static_cast<Pattern*>(info.Data());
  const char16_t* subject;
  size_t length;
  Outcome outcome = kOutOfMemory;
  switch (instance->strings.Read(env, info[0], &subject, &length)) {
    case StringReader::kNotAString:
      Napi::TypeError::New(env, "expected a string").ThrowAsJavaScriptException();
      return {};
    case StringReader::kNoMemory:
      outcome = kOutOfMemory;
      break;
    case StringReader::kRead: {
      double* work = instance->work;
      work[0] += static_cast<double>(kWorkPerUnit) * static_cast<double>(length + 1);
      double allowed = work[0] + kBaseWork < kMaxWork ? work[0] + kBaseWork : kMaxWork;
      Meter meter{static_cast<int64_t>(allowed), static_cast<int64_t>(work[1])};
      outcome = pattern->dfa.Test(subject, length, &instance->scratch, &meter);
      work[1] = static_cast<double>(meter.spent);
      Settle(env, pattern);
      break;
    }
  }
  instance->strings.Trim();
  instance->scratch.Trim();
  napi_value result;
  if (napi_create_int32(env, outcome, &result) != napi_ok) return {};
  return Napi::Value(env, result);
}

void FreePattern(napi_env env, void* data, void*) {
  Pattern* pattern = static_cast<Pattern*>(data);
  pattern->instance->states_in_all -= pattern->states_bytes;
  Report(env, -static_cast<int64_t>(pattern->program->bytes() + pattern->states_bytes));
  delete pattern;
}

// compile(words: Uint32Array) -> { test, bytes } | { error }: see program.h
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
  const size_t bytes = program->bytes();
  Instance* instance = env.GetInstanceData<Instance>();
  std::unique_ptr<Pattern> pattern(new (std::nothrow) Pattern(std::move(program), instance));
  if (!pattern) {
    result.Set("error", "out of memory");
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  Napi::Function test = Napi::Function::New<Test>(env, "test", pattern.get());
  if (env.IsExceptionPending()) return {};
  // The wrap owns the Pattern from here: FreePattern runs when `test` is
  // collected or the environment shuts down, and forget() finds it.
  if (napi_wrap(env, test, pattern.get(), FreePattern, nullptr, nullptr) != napi_ok) return {};
  pattern.release();
  Report(env, static_cast<int64_t>(bytes));
  result.Set("test", test);
  result.Set("bytes", static_cast<double>(bytes));
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
  Forget(env, static_cast<Pattern*>(data));
  return env.Undefined();
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  std::unique_ptr<Instance> instance(new (std::nothrow) Instance());
  if (!instance) {
    Napi::Error::New(env, "tool-input-schema: out of memory").ThrowAsJavaScriptException();
    return exports;
  }
  Napi::Float64Array work = Napi::Float64Array::New(env, 2);
  if (env.IsExceptionPending()) return exports;
  instance->work = work.Data();
  instance->work_array = Napi::Persistent(work);
  env.SetInstanceData<Instance, EnvironmentGone>(instance.get());
  if (env.IsExceptionPending()) return exports;
  instance.release();

  // On failure an exception is pending and Node.js throws it from require().
  exports.DefineProperties({
      Napi::PropertyDescriptor::Value("compile", Napi::Function::New<Compile>(env, "compile"), napi_enumerable),
      Napi::PropertyDescriptor::Value("forget", Napi::Function::New<ForgetStates>(env, "forget"), napi_enumerable),
      Napi::PropertyDescriptor::Value("work", work, napi_enumerable),
      Napi::PropertyDescriptor::Value("baseWork", Napi::Number::New(env, kBaseWork), napi_enumerable),
      Napi::PropertyDescriptor::Value("workPerUnit", Napi::Number::New(env, kWorkPerUnit), napi_enumerable),
      Napi::PropertyDescriptor::Value("maxWork", Napi::Number::New(env, static_cast<double>(kMaxWork)), napi_enumerable),
  });
  return exports;
}

}  // namespace

NODE_API_MODULE(tool_input_schema, Init)
