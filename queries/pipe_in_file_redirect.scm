; Shape: Grammar bug #346: after a quoted heredoc, `2>&1 | cmd` becomes a file redirect holding an ERROR `|` and the piped command's words.
; Sample: "cat <<'EOF' 2>&1 | bash\nx\nEOF\n"
; Walker: redirect

(file_redirect
  (ERROR) @pipe
  (word) @piped)
