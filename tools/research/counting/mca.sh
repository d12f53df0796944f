# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The multiply loops of a variant's dot products, modelled by llvm-mca (tools/research/s390x/evidence,
# tools/research/aarch64/evidence): MODELLED cycles, not measured ones.

# ec_mca_loops OBJECT OBJDUMP TRIPLE "MCPU..." BRANCH LOOKUP XOR [MATTR [WIDTH]]: the Markdown table of OBJECT's
# dot_rows<R> source loops for R in 1 2 3 4 6 8 (per R the first loop closed by a branch back, an
# instruction matching the regex BRANCH, that holds a LOOKUP and an XOR: one source's registers into R
# rows), each as llvm-mca-19 models it for every MCPU: cycles per iteration and bytes per cycle of each
# output row. A product is two LOOKUPs per register of a row, WIDTH bytes (default 16). MATTR: llvm-mca's
# -mattr, for instructions beyond the models' own (+sha3: EOR3; +sve).
ec_mca_loops() {
  local obj=$1 objdump=$2 triple=$3 mcpus=$4 branch=$5 lookup=$6 xor=$7 mattr=${8:-} width=${9:-16} tmp rows s insns bytes c cycles line
  tmp=$(mktemp -d)
  line="| loop | instructions | bytes per row and iteration |"
  for c in $mcpus; do line+=" $c cycles/iteration | $c bytes/cycle per row |"; done
  echo "$line"
  echo "|---|---|---|$(for c in $mcpus; do printf -- '---|---|'; done)"
  for rows in 1 2 3 4 6 8; do
    s=$tmp/$rows.s
    # Each instruction as "op operands" without objdump's "<symbol>" and "// comment"; the branch back's
    # target address becomes the label .Lloop.
    "$objdump" -d --no-show-raw-insn "$obj" |
      awk -v want="dot_rowsILj${rows}ELb0ELb0E" -v branch="$branch" -v lookup="$lookup" -v xor="$xor" '
        /^[0-9a-f]+ <.*>:$/ { infn = index($0, want) > 0; n = 0; next }
        infn && !done && /^ +[0-9a-f]+:\t/ {
          text = $0; sub(/^ +/, "", text); a = text; sub(/:.*/, "", a); sub(/^[0-9a-f]+:\t/, "", text)
          sub(/ *\/\/.*$/, "", text); target = ""
          if (match(text, / *<[^>]*>$/)) { text = substr(text, 1, RSTART - 1); target = text; sub(/.*[ ,\t]/, "", target) }
          op = text; sub(/[ \t].*/, "", op)
          addr[n] = a; ins[n] = text; ops[n] = op; n++
          if (op ~ branch && target != "") {
            start = -1
            for (i = 0; i < n; i++) if (addr[i] == target) start = i
            if (start < 0) next
            l = 0; x = 0
            for (i = start; i < n; i++) { l += ops[i] ~ lookup; x += ops[i] ~ xor }
            if (l > 0 && x > 0) { done = 1; print ".Lloop:"
              for (i = start; i < n - 1; i++) { t = ins[i]; gsub(/\t/, " ", t); print t }
              t = ins[n - 1]; gsub(/\t/, " ", t); sub(/[0-9a-f]+$/, ".Lloop", t); print t } } }' >"$s"
    insns=$(($(wc -l <"$s") - 1))
    [ "$insns" -gt 0 ] || { rm -rf "$tmp"; echo "error: no source loop found in dot_rows<$rows> of $obj" >&2; return 1; }
    bytes=$(($(grep -cE "^($lookup) " "$s") * width / 2 / rows))
    line="| dot_rows<$rows> source loop | $insns | $bytes |"
    for c in $mcpus; do
      cycles=$(llvm-mca-19 -mtriple="$triple" -mcpu="$c" ${mattr:+-mattr="$mattr"} -iterations=1000 "$s" 2>/dev/null |
        awk '/^Total Cycles:/ { printf "%.2f", $3 / 1000 }')
      [ -n "$cycles" ] || { rm -rf "$tmp"; echo "error: llvm-mca-19 could not model dot_rows<$rows>'s loop for $c ($s)" >&2; return 1; }
      line+=" $cycles | $(awk -v b="$bytes" -v c="$cycles" 'BEGIN{printf "%.2f", b/c}') |"
    done
    echo "$line"
  done
  rm -rf "$tmp"
}
