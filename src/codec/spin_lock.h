// SPDX-License-Identifier: LGPL-2.1-or-later
// A lock for sections of a few dozen instructions taken on every call (the decode cache's hit): an
// uncontended take and release is two inline atomic operations, where glibc's mutex is two calls (some
// 75 instructions on s390x, counted under qemu). A waiter spins on a plain load and yields the CPU after
// a while, so a long holder (a sweep of the cache's list) costs the waiters little more than a mutex would.
#ifndef EC_CODEC_SPIN_LOCK_H
#define EC_CODEC_SPIN_LOCK_H

#include <atomic>
#include <thread>

namespace ec::codec {

class SpinLock {
public:
  void lock() {
    while (locked_.exchange(true, std::memory_order_acquire)) {
      for (unsigned spins = 0; locked_.load(std::memory_order_relaxed); spins++)
        if (spins >= kSpinsBeforeYield)
          std::this_thread::yield();
    }
  }
  void unlock() { locked_.store(false, std::memory_order_release); }

private:
  static constexpr unsigned kSpinsBeforeYield = 64;
  std::atomic<bool> locked_{false};
};

} // namespace ec::codec

#endif
