; Shape: `a && b && c` nests lists to the left.
; Sample: "a && b && c\n"
; Walker: list_items

(list
  (list) @inner
  (command) @last)
