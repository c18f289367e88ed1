; Shape: A C-style for loop names its parts by field.
; Sample: "for ((i=0; i<n; i++)); do :; done\n"
; Walker: statement, arithmetic_names

(c_style_for_statement
  initializer: (_) @initializer
  condition: (_) @condition
  update: (_) @update)
