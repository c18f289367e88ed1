; Shape: A heredoc redirect holds its start delimiter, its body and its end delimiter as children.
; Sample: "cat <<EOF\nhi $x\nEOF\n"
; Walker: redirect, heredoc_body

(heredoc_redirect
  (heredoc_start) @start
  (heredoc_body) @body
  (heredoc_end) @end)
