; Shape: `cmd > f <<< x`: the here-string's `<<<` is read as an ERROR `<<` followed by a `<` file redirect.
; Sample: "cat > f <<< \"x\"\n"
; Walker: is_split_herestring, redirect

(_
  (ERROR) @split
  .
  (file_redirect) @rest)
