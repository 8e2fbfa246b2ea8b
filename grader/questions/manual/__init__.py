"""The exam's written questions, graded by hand, as a package: `questions` (their list, read by the
registry) and `messages` (their titles)."""
