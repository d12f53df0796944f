# SPDX-License-Identifier: LGPL-2.1-or-later
# Every target of the project is built with the same strict warnings.
add_compile_options(-Wall -Wextra -Werror)
