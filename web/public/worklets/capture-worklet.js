// Runs on the audio thread: hands each 128-sample block of the first channel to the page.
// A separate file (not a blob: or data: URL) because the Content-Security-Policy allows scripts
// from this server only.
class CaptureProcessor extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0]?.[0];
    if (channel) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor('cv-capture', CaptureProcessor);
