#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "array.h"

// A pattern as a Thompson NFA over code points, as src/pattern/program.ts
// writes it. The TypeScript side has already parsed and checked the
// ECMAScript pattern; this side checks the encoding again (every index in
// range) so that no input can make it read out of bounds.
//
// Encoding, as 32-bit words:
//   set count S, then S sets: range count R, then R pairs [from, to]
//     (sorted, disjoint, to <= 0x10FFFF);
//   instruction count N, then N instructions of three words [op, x, y].
// Execution starts at instruction 0.
enum Op : uint32_t {
  kChar = 0,    // consume one code point in set x, continue at pc + 1
  kSplit = 1,   // continue at x and at y
  kJump = 2,    // continue at x
  kAssert = 3,  // continue at pc + 1 if assertion x holds here
  kAccept = 4,  // a match ends here
};

enum Assertion : uint32_t {
  kStartOfInput = 0,
  kEndOfInput = 1,
  kWordBoundary = 2,     // ECMAScript's \b: [0-9A-Za-z_] on one side only
  kNotWordBoundary = 3,  // \B
};

struct Instruction {
  uint32_t op, x, y;
};

constexpr uint32_t kMaxCodePoint = 0x10FFFF;
// Far above what the TypeScript side emits (its expansion bound); this only
// keeps arbitrary input (the fuzzer's) from asking for huge tables.
constexpr size_t kMaxInstructions = 1 << 20;
constexpr size_t kMaxMembershipBytes = 4 << 20;

// The instruction indices reached so far, with O(1) insert, test and clear.
class SparseSet {
 public:
  bool Init(size_t capacity);
  bool Contains(uint32_t value) const {
    uint32_t i = sparse_[value];
    return i < size_ && dense_[i] == value;
  }
  void Insert(uint32_t value) {
    sparse_[value] = static_cast<uint32_t>(size_);
    dense_[size_++] = value;
  }
  void Clear() { size_ = 0; }
  size_t size() const { return size_; }
  const uint32_t* begin() const { return dense_.data(); }
  const uint32_t* end() const { return dense_.data() + size_; }
  size_t bytes() const { return dense_.bytes() + sparse_.bytes(); }
  void Release() {
    dense_.Release();
    sparse_.Release();
    size_ = 0;
  }

 private:
  Array<uint32_t> dense_;
  Array<uint32_t> sparse_;
  size_t size_ = 0;
};

// Where in the subject a closure is taken: what the assertions can see.
struct Position {
  bool at_start;
  bool at_end;
  bool previous_is_word;
  bool next_is_word;
};

// Whether assertion `assertion` holds at `at`.
bool AssertionHolds(uint32_t assertion, const Position& at);

class Program {
 public:
  // Runs of one set at least this long that no thread at their top keeps
  // are counted runs (FindChains).
  static constexpr size_t kCountedRun = 64;

  // Returns nullptr and sets `error` for a malformed encoding or when memory
  // runs out. `counted_run` is the shortest counted run (the fuzzer tries
  // shorter ones).
  static std::unique_ptr<Program> Parse(const uint32_t* words, size_t count,
                                        const char** error, size_t counted_run = kCountedRun);

  size_t size() const { return instructions_.size(); }
  const Instruction& operator[](size_t pc) const { return instructions_[pc]; }

  // Code points fall into classes that no set and no assertion tells apart:
  // a class is every code point with the same answers, however far apart,
  // so a set of 300 scattered code points makes two classes, not 601.
  uint32_t class_count() const { return class_count_; }
  // ASCII by one lookup; from the last boundary on, the last class; in the
  // Basic Multilingual Plane, a page of 256 code points inside one class by
  // its entry, one that holds many boundaries by its table, and any other
  // from the interval its first code point lies in, past its few
  // boundaries (the last boundary lies above, so the scan ends); any other
  // code point by a binary search over the boundaries.
  uint32_t ClassOf(uint32_t code_point) const {
    if (code_point < 128) return ascii_classes_[code_point];
    if (code_point >= last_start_) return last_class_;
    const uint32_t page = code_point >> 8;
    if (page < pages_.size()) {
      const uint32_t entry = pages_[page];
      const uint32_t payload = entry & kPayload;
      if ((entry & kWholePage) != 0) return payload;
      if ((entry & kTablePage) != 0) return page_classes_[(size_t{payload} << 8) | (code_point & 0xFF)];
      size_t interval = payload;
      while (boundaries_[interval + 1] <= code_point) interval++;
      return interval_classes_[interval];
    }
    return interval_classes_[IntervalOf(code_point)];
  }
  bool SetHoldsClass(uint32_t set, uint32_t cls) const {
    const uint64_t* row = membership_.data() + set * words_per_set_;
    return (row[cls >> 6] >> (cls & 63)) & 1;
  }
  bool ClassIsWord(uint32_t cls) const { return word_classes_[cls] != 0; }
  // The first code point of each interval that no range end splits, ascending.
  const Array<uint32_t>& boundaries() const { return boundaries_; }
  // The class of the code points of interval `interval`.
  uint32_t IntervalClass(size_t interval) const { return interval_classes_[interval]; }
  // The interval `code_point` lies in: the last boundary at or below it.
  size_t IntervalOf(uint32_t code_point) const {
    const uint32_t* base = boundaries_.data();
    size_t n = boundaries_.size();
    while (n > 1) {
      const size_t half = n / 2;
      base = base[half] <= code_point ? base + half : base;
      n -= half;
    }
    return static_cast<size_t>(base - boundaries_.data());
  }

  // True when a match can only start at the start of the input.
  bool anchored() const { return anchored_; }
  // The most ranges reaching above U+00FF in one set.
  uint32_t widest_class() const { return widest_class_; }
  // True when \b or \B appear, so the previous code point matters.
  bool uses_word_assertions() const { return uses_word_assertions_; }
  // Where a thread at `pc` is dominated: for an instruction of a run of CHAR
  // instructions over one set whose top keeps the run's threads (see
  // FindChains), the top, and a thread at any instruction above `pc` up to
  // it makes one at `pc` redundant; for any other instruction, `pc` itself.
  uint32_t chain_top(uint32_t pc) const { return chain_tops_.size() == 0 ? pc : chain_tops_[pc]; }
  // At the top of a leading run (FindChains), the run's set, whose code
  // points a DFA thread there may read any number of more; elsewhere kNoLead.
  static constexpr uint32_t kNoLead = UINT32_MAX;
  uint32_t lead_set(uint32_t pc) const { return lead_sets_.size() == 0 ? kNoLead : lead_sets_[pc]; }
  // For the SPLIT of an optional copy of one set (X{n,m}'s after the n-th),
  // the SPLIT of its repeat's first optional copy, whose thread makes one
  // at `pc` redundant (FindOptionalRuns); for any other instruction, `pc`.
  uint32_t optional_floor(uint32_t pc) const { return optional_floors_.size() == 0 ? pc : optional_floors_[pc]; }

  // A counted run: a run of CHAR instructions over one set, `first` to
  // `first + length - 1`, entered only at its first (FindChains). A DFA
  // state holds a marker for it (size() + its index) instead of its
  // threads past its second instruction, and the search keeps those as
  // the offsets they have read, `ring` its first slot of room for `length`
  // of them (native/dfa.cc).
  struct CountedRun {
    uint32_t first, length, set, ring;
  };
  static constexpr uint32_t kNoRun = UINT32_MAX;
  const Array<CountedRun>& counted_runs() const { return counted_runs_; }
  // The counted run `pc` lies in, or kNoRun.
  uint32_t run_of(uint32_t pc) const { return runs_of_.size() == 0 ? kNoRun : runs_of_[pc]; }

  // Every instruction reachable from `from` without consuming a code point,
  // into `out` (cleared first). `stack` is scratch.
  void Closure(const uint32_t* from, size_t count, const Position& at,
               SparseSet* out, Array<uint32_t>* stack) const;

  size_t bytes() const;

 private:
  Program() = default;
  bool BuildClasses(const Array<uint32_t>& ranges, const Array<uint32_t>& set_starts);
  bool BuildPages();
  bool FindAnchored();
  bool FindChains(size_t counted_run);
  bool FindOptionalRuns();
  // How far FindChains looks from a run's top (program.cc).
  static constexpr size_t kFreeWalk = 16;
  bool TopKeepsRun(uint32_t top, uint32_t set, SparseSet* seen, Array<uint32_t>* stack) const;
  void FreeWalk(uint32_t from, SparseSet* out, Array<uint32_t>* stack) const;
  bool OnlyAttemptsEnter(const SparseSet& starts) const;
  bool NothingJumpsInto(uint32_t from, uint32_t to) const;

  Array<Instruction> instructions_;
  Array<uint32_t> boundaries_;        // first code point of each interval, ascending
  Array<uint32_t> interval_classes_;  // the class of each interval
  uint16_t ascii_classes_[128] = {};
  // One entry per page of 256 code points of the Basic Multilingual Plane,
  // up to the last boundary's page (at most 1 KiB): kWholePage | its class
  // for a page inside one interval's class, kTablePage | its table's index
  // for a page of kDensePage boundaries or more (a table of 256 classes,
  // 512 bytes: at most 64 bytes a boundary; none for programs of more
  // classes than an entry holds), else the interval of its first code
  // point (a boundary follows inside the page, so the scan stops there or
  // at the next page's first boundary).
  static constexpr uint32_t kIndexedPages = 256;
  static constexpr size_t kDensePage = 8;
  static constexpr uint32_t kWholePage = 0x80000000u;
  static constexpr uint32_t kTablePage = 0x40000000u;
  static constexpr uint32_t kPayload = 0x3FFFFFFFu;
  Array<uint32_t> pages_;
  Array<uint16_t> page_classes_;
  uint32_t last_start_ = 0;  // the last boundary, and its class
  uint32_t last_class_ = 0;
  uint32_t class_count_ = 0;
  size_t words_per_set_ = 0;
  Array<uint64_t> membership_;  // a bit per (set, class)
  Array<uint8_t> word_classes_;
  Array<uint32_t> chain_tops_;  // per instruction, see chain_top
  Array<uint32_t> lead_sets_;  // per instruction, see lead_set
  Array<uint32_t> optional_floors_;  // per instruction, see optional_floor
  Array<CountedRun> counted_runs_;
  Array<uint32_t> runs_of_;  // per instruction, see run_of
  bool anchored_ = false;
  bool uses_word_assertions_ = false;
  uint32_t widest_class_ = 0;
};
