; Shape: `[[ $x -eq 0 ]]`: a binary expression with left, operator and right fields.
; Sample: "[[ $x -eq 0 ]]\n"
; Walker: test_arithmetic_names

(test_command
  (binary_expression
    left: (_) @left
    operator: _ @operator
    right: (_) @right))
