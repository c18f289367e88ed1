; Shape: Statements after a heredoc's start line (`cat <<EOF && rm x`) hang inside the heredoc redirect.
; Sample: "cat <<EOF && rm -f x\nhi\nEOF\n"
; Walker: redirect

(heredoc_redirect
  (heredoc_start)
  (command) @following)
