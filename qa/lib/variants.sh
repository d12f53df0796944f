# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A build's SIMD variants, as the build lists them: <build>/src/simd/variants.tsv, written at configure time
# by src/simd/CMakeLists.txt from ec_add_simd_variant (cmake/SimdVariants.cmake), one row per variant, best
# first (the probe's order): variant, architecture, and the qemu-user -cpu model under which the probe picks
# that variant first ("-" for none). qa/ takes variant names and the CPU models that run them from here
# rather than spelling them. Each function prints its answer, or an error on stderr and returns 1: take
# the answer into a variable (x=$(ec_variants "$BUILD")) so that set -e stops on the error.

_ec_variants_error() { printf 'error: %s\n' "$*" >&2; return 1; }

# _ec_variant_is_model BUILD "CPUS" MODEL: whether MODEL is one of CPUS (BUILD's models, one per line);
# fails naming them if not.
_ec_variant_is_model() {
  grep -qxF "$3" <<<"$2" ||
    _ec_variants_error "$3 is not a qemu CPU model of $1's variants (they are: $(tr '\n' ' ' <<<"$2"))"
}

# ec_variants_file BUILD: the list's path; fails if the build has none (not configured).
ec_variants_file() {
  local f=$1/src/simd/variants.tsv
  [ -f "$f" ] || _ec_variants_error "no $f: configure the build first (cmake -S . -B $1)" || return
  echo "$f"
}

# ec_variants BUILD: the variants, best first, one per line.
ec_variants() {
  local f
  f=$(ec_variants_file "$1") || return
  awk -F'\t' '!/^#/ {print $1}' "$f"
}

# ec_variant_libraries BUILD: the plugin's libraries the build makes, sorted: the loader, libec_power8.so,
# and libec_power8_<variant>.so for each variant.
ec_variant_libraries() {
  local v
  v=$(ec_variants "$1") || return
  { echo libec_power8.so; sed 's/^/libec_power8_/; s/$/.so/' <<<"$v"; } | LC_ALL=C sort
}

# ec_variant_qemu_cpus BUILD [OLDEST]: the qemu -cpu models of the build's variants, best first, one per
# line; with OLDEST (one of them), only OLDEST and the models ranked above it.
ec_variant_qemu_cpus() {
  local f cpus
  f=$(ec_variants_file "$1") || return
  cpus=$(awk -F'\t' '!/^#/ && $3 != "-" {print $3}' "$f")
  [ -n "$cpus" ] || _ec_variants_error "$f: no variant of $1 has a qemu CPU model" || return
  [ -n "${2:-}" ] || { echo "$cpus"; return; }
  _ec_variant_is_model "$1" "$cpus" "$2" || return
  awk -v m="$2" '{ print } $0 == m { exit }' <<<"$cpus"
}

# ec_variant_qemu_cpus_ordered BUILD "MODELS": MODELS (each one of the build's), best first, one per line.
ec_variant_qemu_cpus_ordered() {
  local cpus m
  cpus=$(ec_variant_qemu_cpus "$1") || return
  for m in $2; do
    _ec_variant_is_model "$1" "$cpus" "$m" || return
  done
  grep -xF -f <(tr ' ' '\n' <<<"$2" | grep .) <<<"$cpus" || true
}

# ec_variant_of_qemu_cpu BUILD MODEL: the variant the probe picks under qemu -cpu MODEL; fails naming the
# models it knows if MODEL is none of them.
ec_variant_of_qemu_cpu() {
  local f cpus
  f=$(ec_variants_file "$1") || return
  cpus=$(ec_variant_qemu_cpus "$1") || return
  _ec_variant_is_model "$1" "$cpus" "$2" || return
  awk -F'\t' -v m="$2" '!/^#/ && $3 == m {print $1; exit}' "$f"
}
