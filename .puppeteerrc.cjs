/**
 * Puppeteer comes in with @web/test-runner-puppeteer, which drives the
 * system's Firefox. Its install script would otherwise download a Chrome of
 * its own that nothing here uses (and fail without internet access).
 * @type {import('puppeteer').Configuration}
 */
module.exports = { skipDownload: true };
