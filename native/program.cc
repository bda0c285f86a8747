#include "program.h"

#include <algorithm>
#include <new>

namespace {

// ECMAScript's word characters for \b and \B: [0-9A-Z_a-z].
constexpr uint32_t kWordRanges[][2] = {
    {0x30, 0x39}, {0x41, 0x5A}, {0x5F, 0x5F}, {0x61, 0x7A}};

bool IsWord(uint32_t c) {
  for (const auto& range : kWordRanges) {
    if (c >= range[0] && c <= range[1]) return true;
  }
  return false;
}

}  // namespace

bool AssertionHolds(uint32_t assertion, const Position& at) {
  switch (assertion) {
    case kStartOfInput:
      return at.at_start;
    case kEndOfInput:
      return at.at_end;
    case kWordBoundary:
      return at.previous_is_word != at.next_is_word;
    default:
      return at.previous_is_word == at.next_is_word;
  }
}

namespace {

// Reads the words front to back; every read is checked against the end.
class Reader {
 public:
  Reader(const uint32_t* words, size_t count) : words_(words), count_(count) {}
  bool Next(uint32_t* value) {
    if (at_ >= count_) return false;
    *value = words_[at_++];
    return true;
  }
  size_t left() const { return count_ - at_; }

 private:
  const uint32_t* words_;
  size_t count_;
  size_t at_ = 0;
};

}  // namespace

bool SparseSet::Init(size_t capacity) {
  size_ = 0;
  // sparse_ may hold anything: Contains checks it against dense_.
  return dense_.Resize(capacity, 0) && sparse_.Resize(capacity, 0);
}

std::unique_ptr<Program> Program::Parse(const uint32_t* words, size_t count,
                                        const char** error, size_t counted_run) {
  std::unique_ptr<Program> program(new (std::nothrow) Program());
  if (!program) {
    *error = "out of memory";
    return nullptr;
  }
  Reader reader(words, count);
  uint32_t set_count;
  if (!reader.Next(&set_count) || set_count > reader.left()) {
    *error = "truncated sets";
    return nullptr;
  }
  Array<uint32_t> ranges;      // [from, to] pairs of every set, in order
  Array<uint32_t> set_starts;  // each set's first pair, then the end
  for (uint32_t s = 0; s < set_count; s++) {
    uint32_t range_count;
    if (!set_starts.Push(static_cast<uint32_t>(ranges.size() / 2)) ||
        !reader.Next(&range_count) || range_count > reader.left() / 2) {
      *error = "truncated sets";
      return nullptr;
    }
    uint32_t from = 0, to = 0;
    uint32_t high = 0;
    for (uint32_t r = 0; r < range_count; r++) {
      reader.Next(&from);  // range_count was checked against what is left
      reader.Next(&to);
      if (from > to || to > kMaxCodePoint ||
          (r > 0 && from <= ranges[ranges.size() - 1])) {
        *error = "a set's ranges must be ascending and disjoint";
        return nullptr;
      }
      if (!ranges.Push(from) || !ranges.Push(to)) {
        *error = "out of memory";
        return nullptr;
      }
      if (to > 0xFF) high++;
    }
    program->widest_class_ = std::max(program->widest_class_, high);
  }
  if (!set_starts.Push(static_cast<uint32_t>(ranges.size() / 2))) {
    *error = "out of memory";
    return nullptr;
  }

  uint32_t n;
  if (!reader.Next(&n) || n == 0 || n > kMaxInstructions ||
      reader.left() != static_cast<size_t>(n) * 3) {
    *error = "bad instruction count";
    return nullptr;
  }
  if (!program->instructions_.Resize(n, Instruction{kAccept, 0, 0})) {
    *error = "out of memory";
    return nullptr;
  }
  for (uint32_t pc = 0; pc < n; pc++) {
    Instruction& inst = program->instructions_[pc];
    reader.Next(&inst.op);
    reader.Next(&inst.x);
    reader.Next(&inst.y);
    bool valid;
    switch (inst.op) {
      case kChar:
        valid = inst.x < set_count && pc + 1 < n;
        break;
      case kSplit:
        valid = inst.x < n && inst.y < n;
        break;
      case kJump:
        valid = inst.x < n;
        break;
      case kAssert:
        valid = inst.x <= kNotWordBoundary && pc + 1 < n;
        program->uses_word_assertions_ |= inst.x >= kWordBoundary;
        break;
      case kAccept:
        valid = true;
        break;
      default:
        valid = false;
    }
    if (!valid) {
      *error = "bad instruction";
      return nullptr;
    }
  }
  if (!program->BuildClasses(ranges, set_starts)) {
    *error = "the sets' tables would be too large";
    return nullptr;
  }
  if (!program->FindAnchored() || !program->FindChains(counted_run) || !program->FindOptionalRuns()) {
    *error = "out of memory";
    return nullptr;
  }
  return program;
}

// Splits the code points into intervals at every range's ends (and at the
// word characters' when \b or \B appear), so each set either holds a whole
// interval or none of it; then gives intervals that every set and the word
// test answer alike one class. Classes are numbered in the order of their
// first interval, so every ASCII code point's class is below 129.
bool Program::BuildClasses(const Array<uint32_t>& ranges,
                           const Array<uint32_t>& set_starts) {
  Array<uint32_t>& points = boundaries_;
  if (!points.Push(0)) return false;
  auto add_range = [&points](uint32_t from, uint32_t to) {
    return points.Push(from) && (to == kMaxCodePoint || points.Push(to + 1));
  };
  for (size_t i = 0; i < ranges.size(); i += 2) {
    if (!add_range(ranges[i], ranges[i + 1])) return false;
  }
  if (uses_word_assertions_) {
    for (const auto& range : kWordRanges) {
      if (!add_range(range[0], range[1])) return false;
    }
  }
  std::sort(points.data(), points.data() + points.size());
  const size_t intervals = std::unique(points.data(), points.data() + points.size()) - points.data();
  points.Resize(intervals, 0);

  // Each interval's answers: a bit per set, and the word test's last.
  const size_t set_count = set_starts.size() - 1;
  const size_t bits = set_count + (uses_word_assertions_ ? 1 : 0);
  const size_t words = (bits + 63) / 64;
  Array<uint64_t> answers;
  if (intervals * words > kMaxMembershipBytes / sizeof(uint64_t) || !answers.Resize(intervals * words, 0)) {
    return false;
  }
  for (size_t s = 0; s < set_count; s++) {
    for (uint32_t r = set_starts[s]; r < set_starts[s + 1]; r++) {
      const size_t last = IntervalOf(ranges[2 * r + 1]);
      for (size_t i = IntervalOf(ranges[2 * r]); i <= last; i++) answers[i * words + (s >> 6)] |= uint64_t{1} << (s & 63);
    }
  }
  if (uses_word_assertions_) {
    for (size_t i = 0; i < intervals; i++) {
      if (IsWord(boundaries_[i])) answers[i * words + (set_count >> 6)] |= uint64_t{1} << (set_count & 63);
    }
  }

  // Intervals in order of their answers, the first of equals first: each
  // interval's class is that of the first interval answering as it does.
  Array<uint32_t> order;
  Array<uint32_t> first;
  if (!order.Resize(intervals, 0) || !first.Resize(intervals, 0) || !interval_classes_.Resize(intervals, 0)) return false;
  for (size_t i = 0; i < intervals; i++) order[i] = static_cast<uint32_t>(i);
  const uint64_t* rows = answers.data();
  auto compare = [rows, words](uint32_t a, uint32_t b) {
    for (size_t w = 0; w < words; w++) {
      if (rows[a * words + w] != rows[b * words + w]) return rows[a * words + w] < rows[b * words + w];
    }
    return a < b;
  };
  std::sort(order.data(), order.data() + intervals, compare);
  for (size_t k = 0; k < intervals; k++) {
    const uint32_t i = order[k];
    const bool same = k > 0 && std::equal(rows + size_t{i} * words, rows + (size_t{i} + 1) * words, rows + size_t{order[k - 1]} * words);
    first[i] = same ? first[order[k - 1]] : i;
  }
  class_count_ = 0;
  for (size_t i = 0; i < intervals; i++) {
    interval_classes_[i] = first[i] == i ? class_count_++ : interval_classes_[first[i]];
  }

  words_per_set_ = (class_count_ + 63) / 64;
  if (!membership_.Resize(set_count * words_per_set_, 0) || !word_classes_.Resize(class_count_, 0)) return false;
  for (size_t i = 0; i < intervals; i++) {
    if (first[i] != i) continue;
    const uint32_t cls = interval_classes_[i];
    for (size_t s = 0; s < set_count; s++) {
      if ((rows[i * words + (s >> 6)] >> (s & 63)) & 1) membership_[s * words_per_set_ + (cls >> 6)] |= uint64_t{1} << (cls & 63);
    }
    word_classes_[cls] = IsWord(boundaries_[i]);
  }
  for (uint32_t c = 0; c < 128; c++) {
    ascii_classes_[c] = static_cast<uint16_t>(interval_classes_[IntervalOf(c)]);
  }
  return BuildPages();
}

// Only a page with many boundaries gets a table: a binary search over a
// few boundaries costs about what the table's lookup does, and a table for
// each page a sparse class touches would cost 512 bytes for a few bytes of
// pattern.
bool Program::BuildPages() {
  const size_t intervals = boundaries_.size();
  last_start_ = boundaries_[intervals - 1];
  last_class_ = interval_classes_[intervals - 1];
  const uint32_t pages = std::min(last_start_ >> 8, kIndexedPages - 1) + 1;
  if (!pages_.Resize(pages, 0)) return false;
  const bool tables = class_count_ <= 0xFFFF;
  for (uint32_t page = 0; page < pages; page++) {
    const size_t first = IntervalOf(page << 8);
    const size_t last = IntervalOf((page << 8) | 0xFF);
    if (first == last) {
      pages_[page] = kWholePage | interval_classes_[first];
    } else if (tables && last - first >= kDensePage) {
      const size_t table = page_classes_.size() / 256;
      if (!page_classes_.Resize(page_classes_.size() + 256, 0)) return false;
      for (uint32_t c = 0; c < 256; c++) {
        page_classes_[(table << 8) | c] = static_cast<uint16_t>(interval_classes_[IntervalOf((page << 8) | c)]);
      }
      pages_[page] = kTablePage | static_cast<uint32_t>(table);
    } else {
      pages_[page] = static_cast<uint32_t>(first);
    }
  }
  return true;
}

// A search tries a match at every position; when no position but the first
// can start one (every path from instruction 0 passes a ^ first), one
// attempt at the start is the whole search.
bool Program::FindAnchored() {
  SparseSet reached;
  Array<uint32_t> stack;
  if (!reached.Init(size()) || !stack.Reserve(2 * size() + 1)) return false;
  const uint32_t start = 0;
  anchored_ = true;
  for (int bits = 0; bits < 8 && anchored_; bits++) {
    Position at{false, (bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0};
    Closure(&start, 1, at, &reached, &stack);
    for (uint32_t pc : reached) {
      if (instructions_[pc].op == kChar || instructions_[pc].op == kAccept) anchored_ = false;
    }
  }
  return true;
}

// A counted repeat of one set, X{n} or X{n,}, is a run of n CHAR
// instructions over X, c to c + n - 1, below its top c + n; an unanchored
// search has a thread at every instruction of the run that a start within
// the last n characters reached, so its DFA states would hold up to n
// threads each, a new state at every position of a long run of X. A thread
// higher in the run makes a lower one redundant when the top keeps the run's
// threads: when a thread at the top may accept at once, or may read one more
// X and be at the top again, through SPLIT and JUMP alone (no assertion).
// For then a thread at c + i that matches reads X n - i times to the top
// and matches from there; one at c + j, j > i, is at the top j - i
// characters earlier, all of them in X, and either accepts there or reads
// them and is at the top where the lower one arrives. So a DFA state keeps
// only the highest thread of such a run (native/dfa.cc), and X{n,} is as
// cheap as X+: at most n + 1 states, of a thread or two each.
//
// An unanchored search for X{n}R matches exactly where one for X{n,}R does
// (a match X^m R, m > n, from s is X^n R from s + m - n). So a run that
// only an attempt's start enters is leading: its first instruction is
// reached from instruction 0 through SPLIT and JUMP alone, and nothing else
// leads there, into the run or to its top (no other jump, no CHAR or ASSERT
// falling through). The DFA lets a thread at a leading run's top read any
// number of X more, as X{n,}'s loop would, and that top keeps the run's
// threads: .{2000}$, [0-9]{5000}x and (?:.{2000}b|c) are as cheap as
// .{2000,}.
//
// Any other run of one set, `counted_run` long or more, that nothing
// enters but at its first instruction (a.{2000}b, (?:x\S{2500}y|z)) is a
// counted run: its threads differ only in how many X they have read, and
// they all read the same code points, so the DFA keeps them as a list of
// offsets beside the state, which holds one marker for the run
// (native/dfa.cc), rather than one state for every set of offsets a
// subject makes (n states of up to n threads over a run of X, about n²
// units).
bool Program::FindChains(size_t counted_run) {
  const size_t n = size();
  SparseSet seen;
  SparseSet starts;
  Array<uint32_t> stack;
  Array<uint32_t> entered;  // how many instructions up to each one a SPLIT or JUMP leads to
  if (!chain_tops_.Resize(n, 0) || !lead_sets_.Resize(n, kNoLead) || !seen.Init(n) || !starts.Init(n) ||
      !stack.Reserve(2 * kFreeWalk + 1) || !entered.Resize(n + 1, 0)) {
    return false;
  }
  for (uint32_t pc = 0; pc < n; pc++) {
    const Instruction& inst = instructions_[pc];
    if (inst.op == kSplit || inst.op == kJump) entered[inst.x + 1] = 1;
    if (inst.op == kSplit) entered[inst.y + 1] = 1;
  }
  for (size_t pc = 0; pc < n; pc++) entered[pc + 1] += entered[pc];
  for (uint32_t pc = 0; pc < n; pc++) chain_tops_[pc] = pc;
  bool found = false;
  uint32_t ring = 0;  // the counted runs' rings, one after the other
  FreeWalk(0, &starts, &stack);
  const bool leads = !anchored_ && OnlyAttemptsEnter(starts);
  for (uint32_t start = 0; start < n;) {
    const Instruction& first = instructions_[start];
    uint32_t top = start + 1;
    if (first.op != kChar) {
      start = top;
      continue;
    }
    // A CHAR is never last (Parse), so the top is an instruction.
    while (instructions_[top].op == kChar && instructions_[top].x == first.x) top++;
    bool keeps = TopKeepsRun(top, first.x, &seen, &stack);
    if (!keeps && leads && starts.Contains(start) && NothingJumpsInto(start + 1, top)) {
      lead_sets_[top] = first.x;
      keeps = true;
    }
    if (keeps) {
      for (uint32_t pc = start; pc < top; pc++) chain_tops_[pc] = top;
      // A run of one saves a thread at most: not worth 8 bytes an instruction.
      if (top - start > 1) found = true;
    } else if (top - start >= std::max<size_t>(counted_run, 3) && entered[top] == entered[start + 1]) {
      if (runs_of_.size() == 0 && !runs_of_.Resize(n, kNoRun)) return false;
      if (!counted_runs_.Push(CountedRun{start, top - start, first.x, ring})) return false;
      for (uint32_t pc = start; pc < top; pc++) runs_of_[pc] = static_cast<uint32_t>(counted_runs_.size() - 1);
      ring += top - start;
    }
    start = top;
  }
  // Most programs have no longer run: they keep no tables (chain_top and
  // lead_set then answer as for no run), and search as they would without.
  if (!found) {
    chain_tops_.Release();
    lead_sets_.Release();
  }
  return true;
}

// X{n,m} writes its copies after the n-th as SPLIT(next, end), CHAR X, each
// of them: a thread at such a SPLIT may read up to as many X as copies are
// left and leave at `end`, so one at an earlier copy's SPLIT may do all
// that one at a later copy's may, and more. A DFA state keeps only the
// lowest of such threads (native/dfa.cc): a.{0,4000}b over a run of a holds
// one thread of the repeat, not one for every a of the last 4,000.
bool Program::FindOptionalRuns() {
  const size_t n = size();
  bool found = false;
  for (uint32_t first = 0; first + 1 < n;) {
    const Instruction& split = instructions_[first];
    const uint32_t end = split.y;
    const uint32_t set = instructions_[first + 1].x;
    auto copy = [&](uint32_t pc) {
      return pc + 1 < n && instructions_[pc].op == kSplit && instructions_[pc].x == pc + 1 && instructions_[pc].y == end &&
             instructions_[pc + 1].op == kChar && instructions_[pc + 1].x == set;
    };
    if (!copy(first)) {
      first++;
      continue;
    }
    uint32_t last = first;
    while (copy(last + 2)) last += 2;
    if (last > first && end == last + 2) {
      if (!found) {
        if (!optional_floors_.Resize(n, 0)) return false;
        for (uint32_t pc = 0; pc < n; pc++) optional_floors_[pc] = pc;
        found = true;
      }
      for (uint32_t pc = first + 2; pc <= last; pc += 2) optional_floors_[pc] = first;
    }
    first = last + 2;
  }
  return true;
}

// Whether the instructions an attempt reaches from instruction 0 through
// SPLIT and JUMP alone (`starts`, as far as FreeWalk looked) are reached no
// other way: no jump from elsewhere, no CHAR or ASSERT falling through.
bool Program::OnlyAttemptsEnter(const SparseSet& starts) const {
  for (uint32_t pc : starts) {
    if (pc == 0) continue;
    const uint32_t before = instructions_[pc - 1].op;
    if (before == kChar || before == kAssert) return false;
  }
  for (uint32_t pc = 0; pc < size(); pc++) {
    const Instruction& inst = instructions_[pc];
    if (starts.Contains(pc) || (inst.op != kSplit && inst.op != kJump)) continue;
    if (starts.Contains(inst.x) || (inst.op == kSplit && starts.Contains(inst.y))) return false;
  }
  return true;
}

// Whether no SPLIT or JUMP leads to an instruction from `from` to `to`.
bool Program::NothingJumpsInto(uint32_t from, uint32_t to) const {
  auto inside = [from, to](uint32_t pc) { return pc >= from && pc <= to; };
  for (size_t i = 0; i < size(); i++) {
    const Instruction& inst = instructions_[i];
    if ((inst.op == kSplit && (inside(inst.x) || inside(inst.y))) || (inst.op == kJump && inside(inst.x))) return false;
  }
  return true;
}

// Whether a thread at `top` may accept at once, or read a code point of
// `set` (by a CHAR over that same set) and be at `top` again, through SPLIT
// and JUMP alone. Each walk looks at kFreeWalk instructions at most, so
// finding the chains costs at most about kFreeWalk^2 a run.
bool Program::TopKeepsRun(uint32_t top, uint32_t set, SparseSet* seen, Array<uint32_t>* stack) const {
  FreeWalk(top, seen, stack);
  uint32_t loops[kFreeWalk];
  size_t count = 0;
  for (uint32_t pc : *seen) {
    const Instruction& inst = instructions_[pc];
    if (inst.op == kAccept) return true;
    if (inst.op == kChar && inst.x == set) loops[count++] = pc + 1;
  }
  for (size_t i = 0; i < count; i++) {
    FreeWalk(loops[i], seen, stack);
    if (seen->Contains(top)) return true;
  }
  return false;
}

// The first kFreeWalk instructions a thread at `from` reaches through SPLIT
// and JUMP alone, into `out`. `stack` has room for 2 * kFreeWalk + 1.
void Program::FreeWalk(uint32_t from, SparseSet* out, Array<uint32_t>* stack) const {
  out->Clear();
  stack->Clear();
  stack->Push(from);
  while (stack->size() != 0 && out->size() < kFreeWalk) {
    const uint32_t pc = stack->Pop();
    if (out->Contains(pc)) continue;
    out->Insert(pc);
    const Instruction& inst = instructions_[pc];
    if (inst.op == kSplit) {
      stack->Push(inst.y);
      stack->Push(inst.x);
    } else if (inst.op == kJump) {
      stack->Push(inst.x);
    }
  }
}

void Program::Closure(const uint32_t* from, size_t count, const Position& at,
                      SparseSet* out, Array<uint32_t>* stack) const {
  // Every instruction is inserted once and pushes at most two more, so the
  // caller's reserve of 2 * size() + count is never exceeded.
  out->Clear();
  uint32_t* top = stack->data();
  for (size_t i = 0; i < count; i++) *top++ = from[i];
  while (top != stack->data()) {
    uint32_t pc = *--top;
    if (out->Contains(pc)) continue;
    out->Insert(pc);
    const Instruction& inst = instructions_[pc];
    switch (inst.op) {
      case kSplit:
        *top++ = inst.y;
        *top++ = inst.x;
        break;
      case kJump:
        *top++ = inst.x;
        break;
      case kAssert:
        if (AssertionHolds(inst.x, at)) *top++ = pc + 1;
        break;
      default:
        break;
    }
  }
}

size_t Program::bytes() const {
  return sizeof(Program) + instructions_.bytes() + boundaries_.bytes() + interval_classes_.bytes() +
         membership_.bytes() + word_classes_.bytes() + pages_.bytes() + page_classes_.bytes() +
         chain_tops_.bytes() + lead_sets_.bytes() + optional_floors_.bytes() + counted_runs_.bytes() +
         runs_of_.bytes();
}
