; Shape: `(( … ))` is a compound statement whose first child is `((`.
; Sample: "(( x + 1 ))\n"
; Walker: statement, arithmetic_names

(compound_statement
  "((" @open)
