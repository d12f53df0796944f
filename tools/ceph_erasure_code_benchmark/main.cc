// SPDX-License-Identifier: LGPL-2.1-or-later
// ceph_erasure_code_benchmark: a drop-in for Ceph's tool of the same name that hosts its own plugin
// registry (registry.cc), so it loads any Ceph 16.2 plugin (power8, jerasure, isa, lrc, ...) without a
// Ceph source tree or daemon.
#include <iostream>
#include <sstream>

#include "bench.h"
#include "ceph_context.h"
#include "erasure-code/ErasureCodePlugin.h"
#include "options.h"
#include "tentacle_workloads.h"

namespace {

int run(int argc, char **argv) {
  ec_bench::Options opts;
  std::string error;
  if (!ec_bench::parse_options(argc, argv, &opts, &error)) {
    std::cerr << error << std::endl;
    return 1;
  }
  if (opts.help) {
    ec_bench::print_usage(std::cout);
    return 0;
  }

#ifndef EC_BENCH_TENTACLE
  if (ec_bench::is_tentacle_workload(opts.workload)) {
    std::cerr << "error: --workload " << opts.workload << " times a call of Tentacle's shard interface (Ceph 20.2); "
              << "this tool is built for Ceph " EC_CEPH_VERSION ", whose interface has no such call" << std::endl;
    return -EINVAL;
  }
#endif

  // Same checks and messages as Ceph's tool (on stdout, as there).
  auto value = [&](const char *key) {
    auto it = opts.profile.find(key);
    return it == opts.profile.end() ? 0 : std::atoi(it->second.c_str());
  };
  if (value("k") <= 0) {
    std::cout << "parameter k is " << value("k") << ". But k needs to be > 0." << std::endl;
    return -EINVAL;
  }
  if (value("m") < 0) {
    std::cout << "parameter m is " << value("m") << ". But m needs to be >= 0." << std::endl;
    return -EINVAL;
  }

  ec_bench::CephContextHolder context;
  if (int r = context.init(opts.ceph_args, &error)) {
    std::cerr << error << std::endl;
    return r;
  }
  // Directory: --erasure-code-dir, else the profile's `directory` (what bench.sh of older Ceph
  // releases passed), else Ceph's configured erasure_code_dir.
  std::string directory = opts.directory;
  if (directory.empty() && opts.profile.count("directory"))
    directory = opts.profile.at("directory");
  if (directory.empty())
    directory = context.get("erasure_code_dir");

  auto &registry = ceph::ErasureCodePluginRegistry::instance();
  // Codec objects may outlive plugin bookkeeping at exit; keep every library mapped.
  registry.disable_dlclose = true;

  ceph::ErasureCodeInterfaceRef codec;
  std::ostringstream messages;
  int r = registry.factory(opts.plugin, directory, opts.profile, &codec, &messages);
  if (r != 0) {
    std::cerr << messages.str() << std::endl;
    return r;
  }
  if (opts.verbose) {
    using ceph::operator<<; // the profile printer lives in namespace ceph, out of ADL's reach for std::map
    std::cerr << "plugin " << opts.plugin << " from " << directory << ", profile " << codec->get_profile()
              << ", chunk size " << codec->get_chunk_size(static_cast<unsigned>(opts.size)) << " for "
              << opts.size << " bytes" << std::endl;
  }

#ifdef EC_BENCH_TENTACLE
  if (ec_bench::is_tentacle_workload(opts.workload))
    return ec_bench::run_tentacle_workload(opts, codec, std::cout);
#endif
  return opts.workload == "encode" ? ec_bench::run_encode(opts, codec, std::cout)
                                   : ec_bench::run_decode(opts, codec, std::cout);
}

} // namespace

int main(int argc, char **argv) { return run(argc, argv); }
