// What every bindings package a registry publishes (the crate, the Go
// module, the Python distribution, the Kotlin jar) says about where it comes
// from: the repository, who develops it, and the license, whose text each
// package carries as its own `LICENSE`.

export const REPOSITORY_URL = "https://github.com/app-server-protocol/app-server-protocol";

/** Who develops the bindings, as a package index names them (the license's copyright holder). */
export const DEVELOPERS = "app-server-protocol contributors";

/** The license's SPDX identifier. */
export const LICENSE_ID = "MIT";

/** The license's text: the repository's `LICENSE`, byte for byte. */
export const LICENSE_TEXT = `MIT License

Copyright (c) 2026 app-server-protocol contributors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;
