// SPDX-License-Identifier: LGPL-2.1-or-later
#include "simd/probe/beyond_l1_mode.h"

#include <cstdlib>
#include <cstring>

namespace ec::simd {

namespace {

template <class Mode> struct Word {
  const char *word;
  Mode mode;
};

// The mode whose word value is; null or empty: the first word's (the default). Anything else: the default
// too, with *complaint naming the variable, the value, the words and what happens instead.
template <class Mode, std::size_t N>
Mode mode_of(const char *variable, const char *value, const Word<Mode> (&words)[N], const char *instead,
             std::string *complaint) {
  if (!value || !*value)
    return words[0].mode;
  std::string list;
  for (const Word<Mode> &w : words) {
    if (std::strcmp(value, w.word) == 0)
      return w.mode;
    list += (list.empty() ? "" : ", ") + std::string(w.word);
  }
  *complaint = std::string(variable) + "=" + value + " is not one of " + list + "; " + instead;
  return words[0].mode;
}

} // namespace

BeyondL1 beyond_l1_mode(const char *value, std::string *complaint) {
  static constexpr Word<BeyondL1> words[] = {
      {"measure", BeyondL1::measure}, {"narrow", BeyondL1::narrow}, {"wide", BeyondL1::wide}};
  return mode_of(kBeyondL1Variable, value, words, "measuring", complaint);
}

MovesBeyondL1 moves_beyond_l1_mode(const char *value, std::string *complaint) {
  static constexpr Word<MovesBeyondL1> words[] = {
      {"vendor", MovesBeyondL1::by_vendor}, {"full", MovesBeyondL1::full}, {"half", MovesBeyondL1::half}};
  return mode_of(kMovesBeyondL1Variable, value, words, "by vendor", complaint);
}

Kernels settle_from_environment(const Kernels &kernels, std::vector<std::string> *lines) {
  if (!kernels.settle)
    return kernels;
  std::string beyond_l1_complaint, moves_complaint;
  const BeyondL1 beyond_l1 = beyond_l1_mode(std::getenv(kBeyondL1Variable), &beyond_l1_complaint);
  const MovesBeyondL1 moves = moves_beyond_l1_mode(std::getenv(kMovesBeyondL1Variable), &moves_complaint);
  SettleReport report;
  const Kernels settled = kernels.settle(kernels, beyond_l1, moves, &report);
  // Per choice the variant has: the complaint about its variable, if any, then what it chose.
  auto add = [&](bool chooses, const std::string &complaint, const char *chosen) {
    if (!chooses)
      return;
    if (!complaint.empty())
      lines->push_back(complaint);
    lines->push_back(std::string("variant ") + kernels.name + ": " + chosen);
  };
  add(kernels.chooses_beyond_l1, beyond_l1_complaint, report.beyond_l1);
  add(kernels.chooses_moves_beyond_l1, moves_complaint, report.moves_beyond_l1);
  return settled;
}

} // namespace ec::simd
