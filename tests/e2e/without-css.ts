import { expect, type Page } from "@playwright/test";

/**
 * A page's text as a browser without CSS shows it (lynx, w3m, a screen reader's reading mode, a
 * copy-paste): the page loaded again with its stylesheets refused, read by `innerText`, which
 * lays out the browser's own defaults (blocks on their own lines, table cells apart, inline
 * elements run on).
 */
export async function textWithoutCss(page: Page, path: string) {
  let refused = 0;
  await page.route(STYLESHEET, (route) => {
    refused += 1;
    return route.abort();
  });
  try {
    await page.goto(path);
    // The stylesheet was asked for and refused, and no rule of the portal's applies (an inlined
    // one would): the body keeps the browser's own margin, which the stylesheet sets to 0.
    expect(refused, `${path}: a stylesheet refused`).toBeGreaterThan(0);
    expect(
      await page.locator("body").evaluate((body) => getComputedStyle(body).marginTop),
      `${path}: no style rule applies`,
    ).toBe("8px");
    return await page.locator("body").innerText();
  } finally {
    await page.unroute(STYLESHEET);
  }
}

/** The same page's text as the portal's stylesheet lays it out. */
export async function textWithCss(page: Page, path: string) {
  await page.goto(path);
  return page.locator("body").innerText();
}

const STYLESHEET = /\.css(\?|$)/;

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** A piece of a word that is a value: it has a letter, a digit or a star of a grade. */
const VALUE = /[\p{L}\p{N}★☆]/u;

/**
 * The words of `withoutCss` that are two or more values of `withCss` run together: values the
 * stylesheet keeps apart (a block, a flex item, a margin) with nothing between them in the text
 * itself, such as a request number and its date read as "HR-70012026/11/27". Punctuation that
 * joins a value ("Requests," before the words of its badges) is not a value of its own. A word
 * hidden by the stylesheet is not one of these unless it is made of words the page shows.
 */
export function runTogether(withCss: string, withoutCss: string) {
  const shown = new Set(wordsOf(withCss));
  const joined = (word: string) => {
    // values[end]: the most values `word.slice(0, end)` splits into, each a word shown with CSS.
    const values: Array<number | undefined> = [0];
    for (let end = 1; end <= word.length; end += 1)
      for (let start = 0; start < end; start += 1) {
        const piece = word.slice(start, end);
        if (values[start] === undefined || !shown.has(piece)) continue;
        const count = values[start]! + (VALUE.test(piece) ? 1 : 0);
        values[end] = Math.max(values[end] ?? 0, count);
      }
    return (values[word.length] ?? 0) >= 2;
  };
  return [...new Set(wordsOf(withoutCss))].filter((word) => !shown.has(word) && joined(word));
}
