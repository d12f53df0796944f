#include "erasure-code/power8/ErasureCodePluginPower8.h"

#include <algorithm>
#include <cerrno>
#include <exception>

#include "erasure-code/power8/ErasureCodePower8.h"
#include "erasure-code/power8/plugin_log.h"
#include "simd/probe/cpu_probe.h"

namespace ec::power8 {

int ErasureCodePluginPower8::factory(const std::string &directory, ceph::ErasureCodeProfile &profile,
                                     ceph::ErasureCodeInterfaceRef *erasure_code, std::ostream *ss) {
  // A profile naming a variant library directly (plugin=power8_avx2) may reach an OSD whose CPU cannot
  // run it. Refusing would make that OSD assert while the monitor accepted the profile, and every
  // variant computes the same chunks, so hand the profile to the selector, which picks what runs here.
  const std::vector<std::string> runnable = simd::runnable_variants();
  if (std::find(runnable.begin(), runnable.end(), kernels_.name) == runnable.end()) {
    const std::string selector = plugin_name_.substr(0, plugin_name_.rfind('_'));
    log_line(std::string("this CPU cannot run variant ") + kernels_.name + "; coding with plugin=" + selector +
             " instead (same chunks)");
    return ceph::ErasureCodePluginRegistry::instance().factory(selector, directory, profile, erasure_code, ss);
  }
  try {
    auto codec = std::make_shared<ErasureCodePower8>(kernels_);
    int r = codec->init(profile, ss);
    if (r)
      return r;
    *erasure_code = codec;
    return 0;
  } catch (const std::bad_alloc &) {
    *ss << "out of memory while building the power8 codec" << std::endl;
    return -ENOMEM;
  }
}

} // namespace ec::power8
