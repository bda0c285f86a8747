#include "environment.h"

#include <atomic>

#include "fast-entry.h"

namespace {

// A pattern keeps at most kKeptStates of cached states from one validation
// to the next, and all patterns of an environment kStatesInAll together;
// past that, states are dropped when the next validation starts and rebuilt
// as needed. Within a validation they are bounded by its counted work.
constexpr size_t kKeptStates = 1 << 20;
constexpr size_t kStatesInAll = 64 << 20;
// A subject this long keeps its code point buffer only until the next
// validation.
constexpr size_t kKeptCodePoints = 32 * 1024;

// The calling thread's environment. initial-exec where the C library
// allows it in a library loaded at run time (glibc keeps room for it): the
// fast call then finds it in one load rather than a call into the dynamic
// linker.
#if defined(__GLIBC__)
#define TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define TLS_MODEL
#endif
thread_local Environment* current TLS_MODEL = nullptr;

uint64_t Pcre2Cost(uint32_t steps, size_t code_points) {
  return (uint64_t{steps} * (uint64_t{code_points} + 1) + kStepsPerUnit - 1) / kStepsPerUnit;
}

// Code points, as the `u` flag reads a subject: a lone surrogate is one.
size_t ToCodePoints(const char16_t* units, size_t length, uint32_t* out) {
  size_t n = 0;
  for (size_t i = 0; i < length; i++) {
    uint32_t c = units[i];
    if ((c & 0xFC00) == 0xD800 && i + 1 < length && (units[i + 1] & 0xFC00) == 0xDC00) {
      c = 0x10000 + ((c - 0xD800) << 10) + (units[++i] - 0xDC00);
    }
    out[n++] = c;
  }
  return n;
}

// One-byte characters: each is its code point.
size_t ToCodePoints(const uint8_t* chars, size_t length, uint32_t* out) {
  for (size_t i = 0; i < length; i++) out[i] = chars[i];
  return length;
}

}  // namespace

void Environment::Release() {
  if (--owners_ == 0) delete this;
}

uint32_t Environment::NextToken() {
  static std::atomic<uint32_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

Environment* Environment::Current() { return current; }
void Environment::MakeCurrent() { current = this; }
void Environment::StopBeingCurrent() {
  if (current == this) current = nullptr;
}

void Environment::ReportMemory(napi_env env) {
  if (unreported_ == 0) return;
  int64_t ignored;
  napi_adjust_external_memory(env, unreported_, &ignored);
  unreported_ = 0;
}

bool Environment::Add(Pattern* pattern) {
  if (free_ids_.size() > 0) {
    pattern->id_ = free_ids_.Pop();
  } else {
    pattern->id_ = static_cast<uint32_t>(patterns_.size());
    // Room for every id to come back, so that Remove cannot fail.
    if (patterns_.size() == UINT32_MAX || !free_ids_.Reserve(patterns_.size() + 1) || !patterns_.Push(Slot{})) {
      return false;
    }
  }
  patterns_[pattern->id_].pattern = pattern;
  SetOneByte(pattern);
  return true;
}

void Environment::SetOneByte(Pattern* pattern) {
  Slot& slot = patterns_[pattern->id_];
  const Pcre2Code<uint8_t>* code = pattern->one_byte_pcre2_.get();
  slot.one_byte = code != nullptr ? code->code() : nullptr;
  slot.one_byte_jit = code != nullptr && code->jit();
  slot.steps = pattern->steps_;
}

void Environment::StartValidation(uint64_t validation) {
  validation_ = validation;
  TrimOversized();
  // Kept for every search of one validation: growing the buffers of a
  // large program costs in proportion to its size, which a validation
  // pays once, not once per string.
  scratch.Trim();
  if (code_points_.capacity() > kKeptCodePoints) code_points_.Release();
}

template <typename Char>
Outcome Environment::Search(Pattern* pattern, const Char* chars, size_t length) {
  Meter meter = StartSearches();
  const Outcome outcome = SearchOne(pattern, chars, length, &meter);
  EndSearches(meter);
  return outcome;
}
template Outcome Environment::Search(Pattern*, const char16_t*, size_t);

Outcome Environment::SearchById(uint32_t id, const char16_t* units, size_t length) {
  Pattern* pattern = Find(id);
  return pattern == nullptr ? kDropped : Search(pattern, units, length);
}

int32_t Environment::SearchOneByteOf(uint32_t token, uint32_t id, const uint8_t* chars, size_t length) {
  Environment* environment = current;
  if (environment == nullptr || environment->token_ != token) return kForeign;
  environment->searches_.fast++;
  return environment->SearchById(id, chars, length);
}

// The fast call's search: read from the pattern's slot alone, and charged
// as a search of the 32-bit code would be (SearchOne).
Outcome Environment::SearchById(uint32_t id, const uint8_t* chars, size_t length) {
  if (id >= patterns_.size()) return kDropped;
  const Slot& slot = patterns_[id];
  if (slot.one_byte == nullptr) return slot.pattern == nullptr ? kDropped : Search(slot.pattern, chars, length);
  Meter meter = StartSearches();
  Outcome outcome = kWorkLimit;
  if (meter.Charge(length / kReadsPerUnit) && meter.Charge(Pcre2Cost(slot.steps, length))) {
    outcome = one_byte_matcher_.Match(slot.one_byte, slot.one_byte_jit, chars, length, slot.steps);
    if (outcome != kWorkLimit) {
      searches_.pcre2++;
    } else {
      searches_.pcre2_trips++;
      outcome = SearchDfa(slot.pattern, chars, length, &meter);
    }
  }
  EndSearches(meter);
  return outcome;
}

void Environment::SearchBatch() {
  double* work = shared_.work;
  const double count = work[kBatchSize];
  if (!(count >= 0 && count <= static_cast<double>(shared_.job_capacity))) {
    work[kBatchAnswer] = -2;
    return;
  }
  Meter meter = StartSearches();
  double answer = -1;
  for (uint32_t j = 0; j < count; j++) {
    const uint32_t* job = shared_.jobs + 3 * size_t{j};
    const uint32_t id = job[0];
    const size_t first = job[1], length = job[2];
    if (Find(id) == nullptr || first > shared_.unit_capacity || length > shared_.unit_capacity - first) {
      answer = -2;
      break;
    }
    const Outcome outcome = SearchOne(patterns_[id].pattern, shared_.units + first, length, &meter);
    if (outcome != kMatch) {
      // A dropped pattern cannot be queued by a validator that holds it
      // compiled, so a batch that names one is the same as a bad batch.
      answer = outcome == kDropped ? -2 : 4.0 * j + (outcome + 2);
      break;
    }
  }
  EndSearches(meter);
  work[kBatchAnswer] = answer;
}

template <typename Char>
Outcome Environment::SearchOne(Pattern* pattern, const Char* chars, size_t length, Meter* meter) {
  if (!pattern->program_) return kDropped;
  // Every search reads its whole subject to get it here, whatever the
  // engine then reads of it: that is charged first (docs/patterns.md, "The work limit").
  if (!meter->Charge(length / kReadsPerUnit)) return kWorkLimit;
  if (!code_points_.Reserve(length + 1)) return kOutOfMemory;
  uint32_t* subject = code_points_.data();
  const size_t n = ToCodePoints(chars, length, subject);
  if (pattern->pcre2_) {
    if (!meter->Charge(Pcre2Cost(pattern->steps_, n))) return kWorkLimit;
    const Outcome outcome = matcher_.Match(*pattern->pcre2_, subject, n, pattern->steps_);
    if (outcome != kWorkLimit) {
      searches_.pcre2++;
      return outcome;
    }
    // A limit that trips on a proven pattern is a flaw in the proof: the
    // DFA gives the same answer, counted as its searches are.
    searches_.pcre2_trips++;
  }
  return SearchDfa(pattern, subject, n, meter);
}

Outcome Environment::SearchDfa(Pattern* pattern, const uint8_t* chars, size_t length, Meter* meter) {
  if (!code_points_.Reserve(length + 1)) return kOutOfMemory;
  return SearchDfa(pattern, code_points_.data(), ToCodePoints(chars, length, code_points_.data()), meter);
}

Outcome Environment::SearchDfa(Pattern* pattern, const uint32_t* subject, size_t n, Meter* meter) {
  searches_.dfa++;
  const Outcome outcome = pattern->dfa_.Test(subject, n, &scratch, meter);
  const size_t bytes = pattern->dfa_.bytes();
  states_in_all_ += bytes - pattern->states_bytes_;
  Changed(static_cast<int64_t>(bytes) - static_cast<int64_t>(pattern->states_bytes_));
  pattern->states_bytes_ = bytes;
  if (!pattern->oversized_ && (bytes > kKeptStates || states_in_all_ > kStatesInAll) && oversized_.Push(pattern)) {
    pattern->oversized_ = true;
  }
  return outcome;
}

void Environment::TrimOversized() {
  for (size_t i = 0; i < oversized_.size(); i++) {
    oversized_[i]->oversized_ = false;
    Forget(oversized_[i]);
  }
  oversized_.Clear();
}

void Environment::Forget(Pattern* pattern) {
  pattern->dfa_.Clear();
  states_in_all_ -= pattern->states_bytes_;
  Changed(-static_cast<int64_t>(pattern->states_bytes_));
  pattern->states_bytes_ = 0;
}

void Environment::Drop(Pattern* pattern) {
  if (!pattern->program_) return;
  Forget(pattern);
  Changed(-static_cast<int64_t>(pattern->compiled_bytes()));
  pattern->pcre2_.reset();
  pattern->one_byte_pcre2_.reset();
  SetOneByte(pattern);
  pattern->dfa_.Clear();
  pattern->program_.reset();
}

void Environment::Remove(Pattern* pattern) {
  for (size_t i = 0; pattern->oversized_ && i < oversized_.size(); i++) {
    if (oversized_[i] != pattern) continue;
    oversized_[i] = oversized_[oversized_.size() - 1];
    oversized_.Pop();
    pattern->oversized_ = false;
  }
  if (pattern->id_ < patterns_.size() && patterns_[pattern->id_].pattern == pattern) {
    patterns_[pattern->id_] = Slot{};
    // Reserved when the id was given, so that this cannot fail.
    free_ids_.Push(pattern->id_);
  }
  states_in_all_ -= pattern->states_bytes_;
  Changed(-static_cast<int64_t>(pattern->compiled_bytes() + pattern->states_bytes_));
}
