// SPDX-License-Identifier: LGPL-2.1-or-later
#include "options.h"
#include "tentacle_workloads.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <iostream>
#include <string>

namespace ec_bench {

namespace {

struct Spec {
  const char *long_name;
  char short_name; // 0: none
  bool takes_value;
};

// Ceph's tool (boost::program_options) accepts --name value, --name=value, -x value and -xvalue.
const Spec kSpecs[] = {
    {"help", 'h', false},        {"verbose", 'v', false},     {"size", 's', true},
    {"iterations", 'i', true},   {"plugin", 'p', true},       {"workload", 'w', true},
    {"erasures", 'e', true},     {"erased", 0, true},         {"erasures-generation", 'E', true},
    {"parameter", 'P', true},    {"erasure-code-dir", 'd', true},
    // Ceph spells config options with '_' or '-' interchangeably.
    {"erasure_code_dir", 0, true},
};

bool to_int(const std::string &name, const std::string &text, int *out, std::string *error) {
  errno = 0;
  char *end = nullptr;
  long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno == ERANGE || v < INT_MIN || v > INT_MAX) {
    *error = "the argument ('" + text + "') for option '--" + name + "' is invalid";
    return false;
  }
  *out = static_cast<int>(v);
  return true;
}

bool apply(const Spec &spec, const std::string &value, Options *o, std::string *error) {
  const std::string name = spec.long_name;
  if (name == "help")
    o->help = true;
  else if (name == "verbose")
    o->verbose = true;
  else if (name == "size")
    return to_int(name, value, &o->size, error);
  else if (name == "iterations")
    return to_int(name, value, &o->iterations, error);
  else if (name == "plugin")
    o->plugin = value;
  else if (name == "workload")
    o->workload = value;
  else if (name == "erasures")
    return to_int(name, value, &o->erasures, error);
  else if (name == "erased") {
    int chunk = 0;
    if (!to_int(name, value, &chunk, error))
      return false;
    o->erased.push_back(chunk);
  } else if (name == "erasures-generation") {
    // Ceph treats anything but "exhaustive" as random; a typo silently changing the workload is worse.
    if (value != "random" && value != "exhaustive") {
      *error = "--erasures-generation must be random or exhaustive, not '" + value + "'";
      return false;
    }
    o->exhaustive = value == "exhaustive";
  } else if (name == "parameter") {
    auto eq = value.find('=');
    if (eq == std::string::npos || value.find('=', eq + 1) != std::string::npos)
      std::cerr << "--parameter " << value << " ignored because it does not contain exactly one =\n";
    else
      o->profile[value.substr(0, eq)] = value.substr(eq + 1);
  } else if (name == "erasure-code-dir" || name == "erasure_code_dir") {
    o->directory = value;
  }
  return true;
}

const Spec *find_long(const std::string &name) {
  for (const auto &s : kSpecs)
    if (name == s.long_name)
      return &s;
  return nullptr;
}

const Spec *find_short(char c) {
  for (const auto &s : kSpecs)
    if (s.short_name == c)
      return &s;
  return nullptr;
}

} // namespace

bool parse_options(int argc, char **argv, Options *o, std::string *error) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    const Spec *spec = nullptr;
    std::string value;
    bool has_value = false;
    if (arg.size() > 2 && arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(2);
      auto eq = name.find('=');
      if (eq != std::string::npos) {
        value = name.substr(eq + 1);
        name.resize(eq);
        has_value = true;
      }
      spec = find_long(name);
    } else if (arg.size() >= 2 && arg[0] == '-' && arg[1] != '-') {
      spec = find_short(arg[1]);
      if (spec && arg.size() > 2) {
        value = arg.substr(2);
        has_value = true;
      }
    }
    if (!spec) {
      // Not ours: a Ceph config option (and its value, if the next word is not an option).
      o->ceph_args.push_back(arg);
      if (arg.find('=') == std::string::npos && i + 1 < argc && argv[i + 1][0] != '-')
        o->ceph_args.push_back(argv[++i]);
      continue;
    }
    if (spec->takes_value && !has_value) {
      if (i + 1 >= argc) {
        *error = "the required argument for option '--" + std::string(spec->long_name) + "' is missing";
        return false;
      }
      value = argv[++i];
    } else if (!spec->takes_value && has_value) {
      *error = "option '--" + std::string(spec->long_name) + "' does not take any arguments";
      return false;
    }
    if (!apply(*spec, value, o, error))
      return false;
  }
  // Ceph's tool hands a size of 0 or less to the plugin (jerasure then divides by zero) and times zero
  // iterations (a throughput of nothing): refuse both here, for every plugin.
  if (o->size < 1) {
    *error = "error: --size must be at least 1 byte, not " + std::to_string(o->size);
    return false;
  }
  if (o->iterations < 1) {
    *error = "error: --iterations must be at least 1, not " + std::to_string(o->iterations);
    return false;
  }
  if (o->workload != "encode" && o->workload != "decode" && !is_tentacle_workload(o->workload)) {
    *error = "--workload must be encode, decode, encode_chunks, encode_chunks_bare, encode_delta, "
             "apply_delta or apply_delta_bare, not '" + o->workload + "'";
    return false;
  }
  return true;
}

void print_usage(std::ostream &out) {
  out << "Usage: ceph-ec-power8-benchmark [options] [ceph config options]\n"
         "Times encode() or decode() of a Ceph erasure-code plugin and prints\n"
         "<seconds>\\t<KB processed>.\n"
         "\n"
         "Allowed options:\n"
         "  -h [ --help ]                         produce help message\n"
         "  -v [ --verbose ]                      explain what happens\n"
         "  -s [ --size ] arg (=1048576)          size of the buffer to be encoded\n"
         "  -i [ --iterations ] arg (=1)          number of encode/decode runs\n"
         "  -p [ --plugin ] arg (=jerasure)       erasure code plugin name\n"
         "  -w [ --workload ] arg (=encode)       encode or decode; with Tentacle's interface\n"
         "                                        (Ceph 20.2) also encode_chunks,\n"
         "                                        encode_chunks_bare (power8's engine on the\n"
         "                                        same buffers), encode_delta, apply_delta,\n"
         "                                        apply_delta_bare (power8's engine)\n"
         "  -e [ --erasures ] arg (=1)            number of erasures when decoding\n"
         "  --erased arg                          erased chunk (repeat if more than one\n"
         "                                        chunk is erased)\n"
         "  -E [ --erasures-generation ] arg (=random)\n"
         "                                        random: erase --erasures chunks picked at\n"
         "                                        random for each decode; exhaustive: every\n"
         "                                        combination of --erasures chunks, each\n"
         "                                        iteration\n"
         "  -P [ --parameter ] arg                add a parameter to the erasure code\n"
         "                                        profile (k=v, repeat)\n"
         "  -d [ --erasure-code-dir ] arg         directory holding libec_<plugin>.so\n"
         "                                        (default: Ceph's erasure_code_dir)\n"
         "\n"
         "Decoded chunks, and the parity of the Tentacle workloads, are always\n"
         "compared with the originals (outside the timed region); a mismatch aborts\n"
         "with an error.\n";
}

} // namespace ec_bench
