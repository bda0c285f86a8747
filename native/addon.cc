#include <napi.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <new>

#include "dfa.h"
#include "environment.h"
#include "fast-entry.h"
#include "pcre2-pattern.h"
#include "program.h"
#include "proof.h"

namespace {

// The batch buffers' sizes: JavaScript queues subjects of up to
// kBatchUnits / 64 UTF-16 units and runs the batch when either is full
// (src/pattern/native.ts).
constexpr size_t kBatchUnits = 1 << 14;
constexpr size_t kBatchJobs = 512;
constexpr size_t kJobWords = 3;

// PCRE2 compares a code point with a class's ranges above U+00FF one by one:
// a pattern with a wider class is left to the DFA, whose cost per code point
// does not grow with it.
constexpr uint32_t kWidestPcre2Class = 16;

struct EnvironmentData {
  Environment* environment;
  // Keep the shared buffers alive.
  Napi::Reference<Napi::Float64Array> work;
  Napi::Reference<Napi::Uint16Array> units;
  Napi::Reference<Napi::Uint32Array> jobs;
};

void EnvironmentGone(Napi::Env, EnvironmentData* data) {
  data->work.Reset();
  data->units.Reset();
  data->jobs.Reset();
  data->environment->StopBeingCurrent();
  data->environment->Detach();
  data->environment->Release();
  delete data;
}

Environment* EnvironmentOf(Napi::Env env) { return env.GetInstanceData<EnvironmentData>()->environment; }

// One search: each compiled pattern is its own JS function whose callback
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
      outcome = environment->Search(pattern, subject, length);
      break;
  }
  environment->strings.Trim();
  environment->ReportMemory(env);
  napi_value result;
  if (napi_create_int32(env, outcome, &result) != napi_ok) return {};
  return Napi::Value(env, result);
}

// searchBatch(): the first work[kBatchSize] searches of the shared batch,
// answered in work[kBatchAnswer] (see Environment::SearchBatch). Written against Node-API itself,
// without node-addon-api's wrappers: it runs once per validation with
// patterns, and reads no arguments and makes no values.
napi_value SearchBatch(napi_env env, napi_callback_info) {
  void* data = nullptr;
  if (napi_get_instance_data(env, &data) == napi_ok && data != nullptr) {
    Environment* environment = static_cast<EnvironmentData*>(data)->environment;
    environment->SearchBatch();
    environment->ReportMemory(env);
  }
  return nullptr;
}

// The fast-call shim's entry points (native/fast-entry.h): the thread's
// environment, found without V8, when it is the caller's.
Environment* CallersEnvironment(uint32_t token) {
  Environment* environment = Environment::Current();
  return environment != nullptr && environment->token() == token ? environment : nullptr;
}

int32_t SearchUtf16Entry(uint32_t token, uint32_t id, const char16_t* units, size_t length) {
  Environment* environment = CallersEnvironment(token);
  if (environment == nullptr) return kForeign;
  environment->searches().slow++;
  const Outcome outcome = environment->SearchById(id, units, length);
  environment->strings.Trim();
  return outcome;
}

char16_t* Utf16BufferEntry(size_t length) {
  Environment* environment = Environment::Current();
  return environment == nullptr ? nullptr : environment->strings.Room(length);
}

constexpr FastEntry kFastEntry{kFastEntryVersion, Environment::SearchOneByteOf, SearchUtf16Entry, Utf16BufferEntry};

// searches() -> [pcre2, dfa, pcre2 limits tripped, fast calls, slow
// callbacks]: the searches this environment has run. It also tells V8 what
// the fast calls' searches changed in native memory.
Napi::Value SearchCounts(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Environment* environment = EnvironmentOf(env);
  environment->ReportMemory(env);
  const Searches& searches = environment->searches();
  Napi::Float64Array counts = Napi::Float64Array::New(env, 5);
  if (env.IsExceptionPending() || counts.IsEmpty()) return {};
  counts[0] = static_cast<double>(searches.pcre2);
  counts[1] = static_cast<double>(searches.dfa);
  counts[2] = static_cast<double>(searches.pcre2_trips);
  counts[3] = static_cast<double>(searches.fast);
  counts[4] = static_cast<double>(searches.slow);
  return counts;
}

void FreePattern(napi_env env, void* data, void*) {
  Pattern* pattern = static_cast<Pattern*>(data);
  Environment* environment = pattern->environment();
  environment->Remove(pattern);
  environment->ReportMemory(env);
  delete pattern;
}

// A count passed from JavaScript: anything but a number from 0 up reads as 0.
double CountOr0(const Napi::Value& value) {
  const double count = value.IsNumber() ? value.As<Napi::Number>().DoubleValue() : 0;
  return count >= 0 ? count : 0;
}

enum Choice { kChooseByProof = 0, kForcePcre2 = 1, kForceDfa = 2 };

// Which engine runs a program, and why not PCRE2 (nullptr when it does).
struct Decision {
  std::unique_ptr<Pcre2Code<uint32_t>> pcre2;
  std::unique_ptr<Pcre2Code<uint8_t>> one_byte_pcre2;
  uint32_t steps = 0;
  const char* reason = nullptr;
  uint64_t proof_work = 0;
  bool out_of_budget = false;  // the caller's budget, smaller than the proof's own
};

// A pattern as PCRE2 reads it, and, when `has_one_byte`, the same pattern
// for the code points U+0000 to U+00FF, as the 8-bit library reads it (its
// classes cut at U+00FF: src/pattern/pcre2-source.ts).
struct Sources {
  const uint32_t* all;
  size_t all_length;
  bool has_one_byte;
  const uint8_t* one_byte;
  size_t one_byte_length;
};

Decision Decide(const Program& program, const Sources& sources, Choice choice, uint64_t budget, char* text,
                size_t room) {
  Decision decision;
  if (choice == kForceDfa) {
    decision.reason = "the DFA was asked for";
    return decision;
  }
  if (choice == kChooseByProof && program.widest_class() > kWidestPcre2Class) {
    std::snprintf(text, room, "a class of %u ranges above U+00FF, which PCRE2 compares one by one", program.widest_class());
    decision.reason = text;
    return decision;
  }
  const Proof proof = ProveLinear(program, budget);
  decision.proof_work = proof.work;
  if (budget < kProofWork && proof.work > budget) {
    decision.out_of_budget = true;
    return decision;
  }
  if (choice == kChooseByProof && !proof.linear) {
    decision.reason = proof.reason;
    return decision;
  }
  decision.pcre2 = Pcre2Code<uint32_t>::Compile(sources.all, sources.all_length, program.anchored(), &decision.reason);
  // The proof holds for the 8-bit code too: on a one-byte subject each of
  // its classes answers as the 32-bit code's does, so its search takes the
  // same backtracking steps (a class cut to nothing fails at once where
  // the whole class failed on the character), and the program it proves is
  // the same program. So a search of either is charged the same, and the
  // same limits bound it. One that does not compile (past the 8-bit
  // library's 64 KiB links) leaves one-byte subjects to the 32-bit code.
  const char* ignored;
  if (decision.pcre2 && sources.has_one_byte) {
    decision.one_byte_pcre2 =
        Pcre2Code<uint8_t>::Compile(sources.one_byte, sources.one_byte_length, program.anchored(), &ignored);
  }
  decision.steps = proof.linear ? std::max<uint32_t>(proof.steps, 1) : kMaxSteps;
  return decision;
}

// compile(words: Uint32Array, source: Uint32Array, choice, proofBudget,
// oneByteSource?: Uint8Array) -> { test, id, bytes, size, engine, steps,
// reason, proofWork } | { error } | { proofWork } (the proof ran past
// proofBudget, the work its schema has left): `words` is the program
// (program.h has the encoding), `source` the same pattern as PCRE2 reads it
// and `oneByteSource` as the 8-bit library reads it
// (src/pattern/pcre2-source.ts), `choice` a Choice (tests force an engine).
Napi::Value Compile(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  for (size_t i = 0; i < 2; i++) {
    if (!info[i].IsTypedArray() || info[i].As<Napi::TypedArray>().TypedArrayType() != napi_uint32_array) {
      Napi::TypeError::New(env, "expected a Uint32Array").ThrowAsJavaScriptException();
      return {};
    }
  }
  const uint32_t choice = info[2].IsNumber() ? info[2].As<Napi::Number>().Uint32Value() : uint32_t{kChooseByProof};
  Napi::Uint32Array words = info[0].As<Napi::Uint32Array>();
  Napi::Uint32Array source = info[1].As<Napi::Uint32Array>();
  Napi::Object result = Napi::Object::New(env);
  if (env.IsExceptionPending() || result.IsEmpty()) return {};
  const char* error = nullptr;
  std::unique_ptr<Program> program = Program::Parse(words.Data(), words.ElementLength(), &error);
  if (!program) {
    result.Set("error", error);
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  const double budget = CountOr0(info[3]);
  Sources sources{source.Data(), source.ElementLength(), false, nullptr, 0};
  if (info[4].IsTypedArray() && info[4].As<Napi::TypedArray>().TypedArrayType() == napi_uint8_array) {
    Napi::Uint8Array one_byte = info[4].As<Napi::Uint8Array>();
    sources.has_one_byte = true;
    sources.one_byte = one_byte.Data();
    sources.one_byte_length = one_byte.ElementLength();
  }
  char text[128];
  Decision decision = Decide(*program, sources,
                             choice <= static_cast<uint32_t>(kForceDfa) ? static_cast<Choice>(choice) : kChooseByProof,
                             budget < static_cast<double>(kProofWork) ? static_cast<uint64_t>(budget) : kProofWork,
                             text, sizeof text);
  if (decision.out_of_budget) {
    result.Set("proofWork", static_cast<double>(decision.proof_work));
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  const bool pcre2 = decision.pcre2 != nullptr;
  const uint32_t steps = decision.steps;
  Environment* environment = EnvironmentOf(env);
  std::unique_ptr<Pattern> pattern(new (std::nothrow) Pattern(std::move(program), std::move(decision.pcre2),
                                                              std::move(decision.one_byte_pcre2), steps, environment));
  environment->ReportMemory(env);
  if (!pattern || !environment->Add(pattern.get())) {
    result.Set("error", "out of memory");
    return env.IsExceptionPending() ? Napi::Value() : result;
  }
  const size_t bytes = pattern->compiled_bytes();
  const size_t size = pattern->program_size();
  const uint32_t id = pattern->id();
  Napi::Function test = Napi::Function::New<Test>(env, "test", pattern.get());
  if (env.IsExceptionPending() || test.IsEmpty()) {
    environment->Remove(pattern.get());
    return {};
  }
  // The wrap owns the Pattern from here: FreePattern runs when `test` is
  // collected or the environment shuts down, and drop() finds it.
  if (napi_wrap(env, test, pattern.get(), FreePattern, nullptr, nullptr) != napi_ok) {
    environment->Remove(pattern.get());
    return {};
  }
  pattern.release();
  int64_t ignored;
  napi_adjust_external_memory(env, static_cast<int64_t>(bytes), &ignored);
  result.Set("test", test);
  result.Set("id", static_cast<double>(id));
  result.Set("bytes", static_cast<double>(bytes));
  result.Set("size", static_cast<double>(size));
  result.Set("engine", pcre2 ? "pcre2" : "dfa");
  result.Set("steps", static_cast<double>(pcre2 ? steps : 0));
  result.Set("proofWork", static_cast<double>(decision.proof_work));
  if (decision.reason != nullptr && !pcre2) {
    result.Set("reason", decision.reason);
  } else {
    result.Set("reason", env.Null());
  }
  return env.IsExceptionPending() ? Napi::Value() : result;
}

// drop(test): frees what the pattern holds now, for a pattern nothing holds
// any more, instead of when the collector finds it (a collection may come
// long after, in a loop that never yields to the event loop, where
// finalizers run).
Napi::Value DropPattern(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  void* data = nullptr;
  if (!info[0].IsFunction() || napi_unwrap(env, info[0], &data) != napi_ok) {
    Napi::TypeError::New(env, "expected a compiled pattern").ThrowAsJavaScriptException();
    return {};
  }
  Environment* environment = static_cast<Pattern*>(data)->environment();
  environment->Drop(static_cast<Pattern*>(data));
  environment->ReportMemory(env);
  return env.Undefined();
}

Napi::Value RawFunction(Napi::Env env, const char* name, napi_callback callback) {
  napi_value function;
  if (napi_create_function(env, name, NAPI_AUTO_LENGTH, callback, nullptr, &function) != napi_ok) return {};
  return Napi::Value(env, function);
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  Napi::Float64Array work = Napi::Float64Array::New(env, kWorkSlots);
  Napi::Uint16Array units = Napi::Uint16Array::New(env, kBatchUnits);
  Napi::Uint32Array jobs = Napi::Uint32Array::New(env, kJobWords * kBatchJobs);
  if (env.IsExceptionPending()) return exports;
  const Shared shared{work.Data(), reinterpret_cast<const char16_t*>(units.Data()), kBatchUnits, jobs.Data(), kBatchJobs};
  std::unique_ptr<EnvironmentData> data(new (std::nothrow) EnvironmentData{nullptr, {}, {}, {}});
  Environment* environment = new (std::nothrow) Environment(shared);
  if (!data || !environment || !environment->Init()) {
    if (environment) environment->Release();
    Napi::Error::New(env, "tool-input-schema: out of memory").ThrowAsJavaScriptException();
    return exports;
  }
  data->environment = environment;
  environment->MakeCurrent();
  data->work = Napi::Persistent(work);
  data->units = Napi::Persistent(units);
  data->jobs = Napi::Persistent(jobs);
  env.SetInstanceData<EnvironmentData, EnvironmentGone>(data.get());
  if (env.IsExceptionPending()) return exports;
  data.release();

  Napi::Object slots = Napi::Object::New(env);
  slots.Set("allowed", Napi::Number::New(env, kAllowed));
  slots.Set("spent", Napi::Number::New(env, kSpent));
  slots.Set("pass", Napi::Number::New(env, kPass));
  slots.Set("batchSize", Napi::Number::New(env, kBatchSize));
  slots.Set("batchAnswer", Napi::Number::New(env, kBatchAnswer));
  slots.Freeze();

  // On failure an exception is pending and Node.js throws it from require().
  exports.DefineProperties({
      Napi::PropertyDescriptor::Value("compile", Napi::Function::New<Compile>(env, "compile"), napi_enumerable),
      Napi::PropertyDescriptor::Value("searchBatch", RawFunction(env, "searchBatch", SearchBatch), napi_enumerable),
      Napi::PropertyDescriptor::Value("drop", Napi::Function::New<DropPattern>(env, "drop"), napi_enumerable),
      Napi::PropertyDescriptor::Value("work", work, napi_enumerable),
      Napi::PropertyDescriptor::Value("workSlots", slots, napi_enumerable),
      Napi::PropertyDescriptor::Value("searches", Napi::Function::New<SearchCounts>(env, "searches"), napi_enumerable),
      Napi::PropertyDescriptor::Value("units", units, napi_enumerable),
      Napi::PropertyDescriptor::Value("jobs", jobs, napi_enumerable),
      Napi::PropertyDescriptor::Value("readsPerUnit", Napi::Number::New(env, kReadsPerUnit), napi_enumerable),
      Napi::PropertyDescriptor::Value("stepsPerUnit", Napi::Number::New(env, static_cast<double>(kStepsPerUnit)), napi_enumerable),
      Napi::PropertyDescriptor::Value("maxSteps", Napi::Number::New(env, kMaxSteps), napi_enumerable),
      Napi::PropertyDescriptor::Value("pcre2Version", Napi::String::New(env, Pcre2Version()), napi_enumerable),
      Napi::PropertyDescriptor::Value("jit", Napi::Boolean::New(env, Pcre2JitAvailable()), napi_enumerable),
      // For the fast-call shim alone (src/pattern/fast-call.ts, native/fast-entry.h).
      Napi::PropertyDescriptor::Value("environmentToken", Napi::Number::New(env, environment->token()), napi_enumerable),
      Napi::PropertyDescriptor::Value(
          "fastEntry", Napi::BigInt::New(env, static_cast<uint64_t>(reinterpret_cast<uintptr_t>(&kFastEntry))),
          napi_enumerable),
  });
  return exports;
}

}  // namespace

NODE_API_MODULE(tool_input_schema, Init)
