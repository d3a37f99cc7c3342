//! What several benchmarks share.

/// A thread pool of one thread and one of every core, each with its number of threads: to show
/// what the other cores add to the same work.
pub fn one_thread_and_all() -> Vec<(usize, rayon::ThreadPool)> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    [1, cores]
        .into_iter()
        .map(|threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a thread pool");
            (threads, pool)
        })
        .collect()
}
