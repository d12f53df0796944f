# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The cross stages' steps (30, 32, 34): a cross build prepared, its unit suite under qemu-user, one run per
# CPU model, Debian's tool of the architecture with its plugin. Source it after common.sh.
. "$EC_TOP/qa/lib/record.sh"
. "$EC_TOP/qa/lib/proof-cache.sh"
. "$EC_TOP/qa/lib/variants.sh"

# ec_cross_prepare ARCH BUILD: what a cross stage needs before it builds, for Debian architecture ARCH:
# its packages (libjerasure-dev, libisal-dev: the reference shards of ceph-tool-test where the release's
# tool writes no parity; dpkg-dev, debhelper: debian/rules configures the cross build), its sysroot in
# SYSROOT, BUILD configured (ec_cross_configure), and the proof keys of what runs against both.
ec_cross_prepare() {
  local arch=$1 build=$2
  ensure_packages dpkg-dev # dpkg-architecture names the cross compiler's package
  ensure_packages "g++-$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null)" qemu-user cmake ninja-build \
    googletest ceph-base libjerasure-dev libisal-dev dpkg-dev debhelper
  SYSROOT=$(ec_cross_sysroot "$arch")
  log "$arch sysroot (Debian packages via a private apt configuration)"
  ec_step sysroot bash "$EC_TOP/qa/cross/sysroot.sh" "$arch" "$SYSROOT" >/dev/null
  log "cross build in $build"
  # The unit suite and Debian's tool run the cross build against the sysroot: a proof of both.
  export EC_PROOF_TREES=$build EC_PROOF_FILES=$SYSROOT/.ec-sysroot-done
  ec_cross_configure "$build" "$arch"
}

# ec_cross_unit_suite BUILD QEMU "MODELS": BUILD's suite under QEMU (its program name) as each of MODELS
# (qemu -cpu models of BUILD's variants, best first); each run asserts the variant the probe picks.
# Every test but three (below), ceph_erasure_code_benchmark's included (they name their program by its
# target, so ctest puts the emulator in front of them), runs under the newest model, with the kernels of
# every variant but the older models'; under each older model what depends on the CPU: the kernels of the
# variant it is the model of (an instruction it lacks is a SIGILL there, and qemu executes an instruction
# alike under each model that has it, so they run there only; the generic and test-only ones run under
# the newest) and the probe's pick; the loader and the plugin on the picked variant run under each model
# in Debian's tool (qa/cross/ceph-tool-test). The GF and codec
# suites, the threads and memory tests and the refusals give the same result on any model, so they run
# once, and so does the golden decode under erasures (the kernels it calls are the simd suite's), the
# check of the variants' hot loops (their objects' disassembly, no qemu) and their instruction counts
# (each under its own model, named in the test). The exhaustive decodes (every erasure pattern, through
# the plugin and of the decode rows), the decode cache's memory bounds and the coding matrices of more
# than 40 chunks run on none: their matrices and bookkeeping are portable code that the host's gcc of the
# same release proves, the kernels they call are the simd suite's, and the sampled decode patterns and
# rows and the matrices of up to 40 chunks run here.
ec_cross_unit_suite() {
  local build=$1 qemu=$2 cpus=$3 newest cpu variant others older what scope
  local -A variant_of
  for cpu in $cpus; do variant_of[$cpu]=$(ec_variant_of_qemu_cpu "$build" "$cpu"); done
  newest=$(head -1 <<<"$cpus")
  # The variants of the older models: their kernels run under their own models only.
  older=$(for cpu in $(tail -n +2 <<<"$cpus"); do echo "${variant_of[$cpu]}"; done | paste -sd'|')
  for cpu in $cpus; do
    variant=${variant_of[$cpu]}
    scope=(-E "^decode\.every_pattern|^decode_cache_memory\.|^gf\.GfMatrixLarge\.|^gf\.GfDecodeRows\.EveryPattern${older:+|^simd\.Variants/.*/($older)( |\$)}")
    what=""
    if [ "$cpu" != "$newest" ]; then
      what="; what depends on the CPU"
      # The kernel suites' other parameters: every other variant, the reference and the test-only all_hooks.
      others=$(ec_variants "$build" | grep -vxF "$variant" | paste -sd'|')
      scope=(-R '^simd\.' -E "^simd\.(hot_loop_spills|counted_insns)\.|^simd\.Variants/.*/($others|reference|all_hooks)( |\$)")
    fi
    log "unit tests under $qemu -cpu $cpu (the probe must pick $variant)$what"
    QEMU_CPU=$cpu EC_EXPECT_VARIANT=$variant ec_proof_step "ctest-$cpu" \
      ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "${scope[@]}"
  done
}

# ec_cross_tool_test ARCH BUILD "MODELS": Debian's ceph-erasure-code-tool of ARCH under qemu as each of
# MODELS (best first) with BUILD's plugin and with the stock ones, against the amd64 tool's shards
# (qa/cross/ceph-tool-test: every case under the best model, one power8 case under the others).
ec_cross_tool_test() {
  log "Debian's $1 ceph-erasure-code-tool under qemu vs the amd64 tool"
  ec_proof_step ceph-tool-test bash "$EC_TOP/qa/cross/ceph-tool-test" --arch "$1" --sysroot "$SYSROOT" --build "$2" \
    --cpus "$(tr '\n' ' ' <<<"$3")"
}

# ec_cross_stage ARCH BUILD: a cross stage that runs everything under the model of each variant its build
# lists (stages 32 and 34): the tree prepared and built, its suite, then Debian's tool.
ec_cross_stage() {
  local arch=$1 build=$2 cpus
  ec_cross_prepare "$arch" "$build"
  cpus=$(ec_variant_qemu_cpus "$build")
  ec_build build cmake --build "$build" -j"$(nproc)"
  ec_cross_unit_suite "$build" "$(ec_cross_qemu "$arch")" "$cpus"
  ec_cross_tool_test "$arch" "$build" "$cpus"
}
