"""Running the grading of a submission or a class: class runs and their files (`grading`), where jobs
run, locally or on workers (`executor`), and a job's deadline (`deadline`)."""
