// Pre-js of the pthread build (hpastar-mt), run in every thread's Web Worker when the module loads there.
//
// In a browser, nobody can hear a search thread die: its worker's events go to the pool's worker, whose
// own thread is blocked in the batch that waits for the dead one, and a terminated worker fires no event
// at all. So each thread holds a Web Lock named after its worker (web/lib/pool/worker.mts names them)
// for as long as it lives; the page asks for the same lock, which it is granted when the thread's worker
// ends, whatever the cause (web/lib/pool/lifelock.ts). A trap only throws to the worker's top level,
// which leaves the worker alive and the lock held: the thread then says why on a BroadcastChannel of
// the same name and closes its worker, which releases the lock. Node has its own lifelines (node-shim).
if (Module['ENVIRONMENT_IS_PTHREAD'] && typeof navigator == 'object' && navigator.locks && typeof self == 'object' && self.name) {
  navigator.locks.request(self.name, function () {
    return new Promise(function () {});
  });
  self.addEventListener('error', function (event) {
    try {
      var channel = new BroadcastChannel(self.name);
      channel.postMessage(String(event.message || event.error || 'an uncaught error'));
      channel.close();
    } finally {
      self.close();
    }
  });
}
