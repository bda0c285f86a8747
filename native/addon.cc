#include <napi.h>

#include <algorithm>
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

// A count passed from JavaScript: anything but a number from 0 up reads as 0.
double CountOr0(const Napi::Value& value) {
  const double count = value.IsNumber() ? value.As<Napi::Number>().DoubleValue() : 0;
  return count >= 0 ? count : 0;
}

// The complete automaton as typed arrays: each code point's class (ASCII by
// lookup, the rest by the classes' first code points), each state's row of
// next rows (row = state × classes; the sinks' rows are 0, no match, and
// `classes`, a match), and whether each row's state holds a match at the end.
Napi::Value TableOf(Napi::Env env, const Program& program, const Dfa& dfa) {
  const uint32_t classes = program.class_count();
  const size_t states = dfa.state_count();
  Napi::Uint16Array ascii = Napi::Uint16Array::New(env, 128);
  Napi::Uint32Array boundaries = Napi::Uint32Array::New(env, classes);
  Napi::Uint16Array next = Napi::Uint16Array::New(env, states * classes);
  Napi::Uint8Array accepts = Napi::Uint8Array::New(env, states);
  // While a worker shuts down, creating them fails without an exception.
  if (env.IsExceptionPending() || ascii.IsEmpty() || boundaries.IsEmpty() || next.IsEmpty() || accepts.IsEmpty()) return {};
  for (uint32_t c = 0; c < 128; c++) ascii[c] = static_cast<uint16_t>(program.ClassOf(c));
  for (uint32_t cls = 0; cls < classes; cls++) boundaries[cls] = program.boundaries()[cls];
  for (uint32_t state = 0; state < states; state++) {
    accepts[state] = state >= 2 && dfa.AcceptsAtEnd(state);
    for (uint32_t cls = 0; cls < classes; cls++) {
      next[state * classes + cls] = static_cast<uint16_t>(state < 2 ? state * classes : dfa.Next(state, cls) * classes);
    }
  }
  Napi::Object table = Napi::Object::New(env);
  if (env.IsExceptionPending() || table.IsEmpty()) return {};
  table.Set("classes", static_cast<double>(classes));
  table.Set("ascii", ascii);
  table.Set("boundaries", boundaries);
  table.Set("next", next);
  table.Set("accepts", accepts);
  return env.IsExceptionPending() ? Napi::Value() : table;
}

// compile(words: Uint32Array, tableInstructions, tableStates, tableEntries,
// tableWork) -> { test, bytes, size, tableWork? } | { table, size, tableWork }
// | { error }: see program.h for the encoding. A program of at most
// tableInstructions whose automaton has at most tableStates states and
// tableEntries transitions, and costs at most tableWork units to build
// (Dfa::Complete), is built completely and sent as tables, searched in
// JavaScript (src/pattern/table.ts). tableWork comes back as what the
// attempt spent, at most the tableWork given (0 ends it at once); absent
// when the program is too large for tables.
Napi::Value Compile(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (!info[0].IsTypedArray() || info[0].As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
    Napi::TypeError::New(env, "expected a Uint32Array").ThrowAsJavaScriptException();
    return {};
  }
  Napi::Uint32Array words = info[0].As<Napi::Uint32Array>();
  Napi::Object result = Napi::Object::New(env);
  if (env.IsExceptionPending() || result.IsEmpty()) return {};
  const char* error = nullptr;
  std::unique_ptr<Program> program = Program::Parse(words.Data(), words.ElementLength(), &error);
  if (!program) {
    result.Set("error", error);
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  Environment* environment = env.GetInstanceData<EnvironmentData>()->environment;
  const double table_instructions = CountOr0(info[1]);
  const double max_states = std::min(CountOr0(info[2]), CountOr0(info[3]) / program->class_count());
  // Clamped where int64_t and double agree.
  Meter table_work{static_cast<int64_t>(std::min(CountOr0(info[4]), 0x1p53)), 0, 0};
  if (program->size() <= table_instructions && max_states >= 3) {
    Dfa dfa(program.get());
    const bool complete = dfa.Complete(static_cast<size_t>(max_states), &environment->scratch, &table_work);
    if (!result.Set("tableWork", static_cast<double>(std::min(table_work.spent, table_work.allowed)))) return {};
    if (complete) {
      Napi::Value table = TableOf(env, *program, dfa);
      if (table.IsEmpty() || !result.Set("table", table) ||
          !result.Set("size", static_cast<double>(program->size()))) {
        return {};
      }
      return result;
    }
    environment->scratch.Trim();
  }
  std::unique_ptr<Pattern> pattern(new (std::nothrow) Pattern(std::move(program), environment));
  if (!pattern) {
    result.Set("error", "out of memory");
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  const size_t bytes = pattern->program_bytes();
  const size_t size = pattern->program_size();
  Napi::Function test = Napi::Function::New<Test>(env, "test", pattern.get());
  if (env.IsExceptionPending() || test.IsEmpty()) return {};
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
