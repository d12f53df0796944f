// Prints the body of src/gf/cauchy_best_rows.cc from Debian's libjerasure: for m = 2, jerasure's
// cauchy_good_general_coding_matrix takes row 1 from a fixed table (row 0 is all ones) for every k up to a
// per-w maximum, and row 1 for k is the first k entries of that table. Asking for the largest k that still
// uses the table therefore yields the whole table. The test cauchy_best_rows_test checks the prefix
// property and the maximum, so a libjerasure that disagrees with the checked-in data fails there.
//
// Usage: ninja -C build-gf dump_cauchy_best_rows && build-gf/test/gf/dump_cauchy_best_rows > src/gf/cauchy_best_rows.cc
#include <cstdio>
#include <cstdlib>

extern "C" {
#include <cauchy.h>
}

int main() {
  // The largest k for which m = 2 yields a matrix at all: beyond it jerasure falls back to
  // cauchy_original, which refuses k + m > 2^8.
  int max_k = 0;
  for (int k = 1; k <= 1024; k++) {
    int *matrix = cauchy_good_general_coding_matrix(k, 2, 8);
    if (matrix == nullptr)
      break;
    std::free(matrix);
    max_k = k;
  }
  int *matrix = cauchy_good_general_coding_matrix(max_k, 2, 8);
  if (matrix == nullptr)
    return 1;

  std::printf("// Row 1 of jerasure's cauchy_good_general_coding_matrix(k, 2, 8) is the first k entries of this\n"
              "// table (row 0 is all ones). Data, not code: generated from Debian's libjerasure by\n"
              "//   build-gf/test/gf/dump_cauchy_best_rows > src/gf/cauchy_best_rows.cc\n"
              "// (source: test/gf/dump_cauchy_best_rows.cc); cauchy_best_rows_test checks it against the library.\n"
              "#include \"gf/cauchy_best_rows.h\"\n\n"
              "namespace ec::gf {\n\n"
              "static_assert(kCauchyBestMaxK == %d, \"table length differs from libjerasure's\");\n\n"
              "const std::uint8_t kCauchyBestRow1[kCauchyBestMaxK] = {",
              max_k);
  for (int j = 0; j < max_k; j++)
    std::printf("%s%3d,", j % 16 == 0 ? "\n    " : " ", matrix[max_k + j]);
  std::printf("\n};\n\n} // namespace ec::gf\n");
  std::free(matrix);
  return 0;
}
