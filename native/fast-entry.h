#pragma once

#include <cstddef>
#include <cstdint>

// What the addon hands the fast-call shim (native/fast-call/): plain C
// functions that search the calling thread's environment and touch neither
// V8 nor Node-API. The shim is built per Node.js major against V8's own API,
// the addon once against Node-API, so this struct is the only thing they
// share: its layout changes only with kFastEntryVersion.
//
// Both return an Outcome (native/dfa.h), kDropped for an id that names no
// live pattern. The search is charged to the shared work counter exactly as
// a search of the batch is. `token` names the addon instance that asks
// (its environmentToken): one loaded twice in a thread (the same file under
// two paths, or after its module cache was cleared) shares the shim and the
// thread's current environment with the other, so a search whose token is
// not the current environment's answers kForeign, and the caller searches
// through Node-API, bound to its own environment.
constexpr uint32_t kFastEntryVersion = 2;
constexpr int32_t kForeign = -4;

struct FastEntry {
  uint32_t version;
  // A flat one-byte string's characters, read in place (V8's fast call).
  int32_t (*search_one_byte)(uint32_t token, uint32_t id, const uint8_t* chars, size_t length);
  // Any string, as UTF-16 units the shim wrote into utf16_buffer (V8's
  // ordinary callback: other strings, and callers not yet optimized).
  int32_t (*search_utf16)(uint32_t token, uint32_t id, const char16_t* units, size_t length);
  // Room for `length` units, valid until the next search; nullptr when
  // memory ran out.
  char16_t* (*utf16_buffer)(size_t length);
};
