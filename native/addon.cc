#include <napi.h>

#include <memory>
#include <string>

#include "code-points.h"
#include "matcher.h"
#include "pattern.h"
#include "string-reader.h"

namespace {

// Per-environment state, so worker threads never share PCRE2 match state.
struct Instance {
  std::unique_ptr<Matcher> matcher;
  StringReader strings;
};

std::string Pcre2Version() {
  PCRE2_UCHAR buffer[64];
  int length = pcre2_config(PCRE2_CONFIG_VERSION, buffer);
  if (length <= 0) return "";
  return std::string(buffer, buffer + length - 1);  // length counts the NUL
}

// The hot path: each compiled pattern is its own JS function whose callback
// data is the Pattern, so a call needs no unwrap or type check.
Napi::Value Test(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Instance* instance = env.GetInstanceData<Instance>();
  const uint32_t* subject;
  size_t length;
  if (!instance->strings.Read(env, info[0], &subject, &length)) return {};
  Outcome outcome = instance->matcher->Test(
      *static_cast<const Pattern*>(info.Data()), subject, length);
  instance->strings.Trim();
  napi_value result;
  if (napi_create_int32(env, outcome, &result) != napi_ok) return {};
  return Napi::Value(env, result);
}

void FreePattern(Napi::Env, Pattern* pattern) { delete pattern; }

Napi::Value ErrorResult(Napi::Env env, const uint32_t* source,
                        const CompileError& error) {
  Napi::Object result = Napi::Object::New(env);
  if (env.IsExceptionPending()) return {};
  if (!result.Set("error", error.message) ||
      !result.Set("offset", Utf16Offset(source, error.offset))) {
    return {};
  }
  return result;
}

// compile(source) -> test function | { error, offset }. Offsets are in UTF-16
// units of the source.
Napi::Value Compile(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Instance* instance = env.GetInstanceData<Instance>();
  const uint32_t* source;
  size_t length;
  if (!instance->strings.Read(env, info[0], &source, &length)) return {};
  CompileError error;
  std::unique_ptr<Pattern> pattern = Pattern::Compile(source, length, &error);
  if (!pattern) {
    Napi::Value result = ErrorResult(env, source, error);
    instance->strings.Trim();
    return result;
  }
  instance->strings.Trim();

  Napi::Function test = Napi::Function::New<Test>(env, "test", pattern.get());
  if (env.IsExceptionPending()) return {};
  // The finalizer owns the Pattern from here; it runs when `test` is
  // collected or the environment shuts down.
  test.AddFinalizer(FreePattern, pattern.get());
  if (env.IsExceptionPending()) return {};
  pattern.release();
  return test;
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  std::unique_ptr<Instance> instance(new Instance{Matcher::Create(), {}});
  if (!instance->matcher) {
    Napi::Error::New(env, "PCRE2 could not allocate its match state")
        .ThrowAsJavaScriptException();
    return exports;
  }
  env.SetInstanceData(instance.get());  // deleted when the environment exits
  if (env.IsExceptionPending()) return exports;
  instance.release();

  // On failure an exception is pending and Node.js throws it from require().
  exports.DefineProperties({
      Napi::PropertyDescriptor::Value(
          "compile", Napi::Function::New<Compile>(env, "compile"), napi_enumerable),
      Napi::PropertyDescriptor::Value(
          "pcre2Version", Napi::String::New(env, Pcre2Version()), napi_enumerable),
      Napi::PropertyDescriptor::Value(
          "matchLimit", Napi::Number::New(env, kMatchLimit), napi_enumerable),
      Napi::PropertyDescriptor::Value(
          "timedSubject", Napi::Number::New(env, kTimedSubject), napi_enumerable),
      Napi::PropertyDescriptor::Value(
          "jit", Napi::Boolean::New(env, JitAvailable()), napi_enumerable),
  });
  return exports;
}

}  // namespace

NODE_API_MODULE(tool_input_schema, Init)
