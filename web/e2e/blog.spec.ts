// The blog (issue 4, SPEC B1): list, posts, tags, paging and axe, checked against the posts in
// ../content/blog (blog-content.ts), so adding a post needs no change here. Feeds, sitemap and
// robots.txt are in blog-feeds.spec.ts.
import { drafts, PAGE_SIZE, pages, pathOf, published, served, tags } from "./blog-content";
import { checkA11y, expect, gotoHydrated, serverOrigin, test } from "./fixtures";

test.describe("the blog list", () => {
  test("there are posts to test with", () => {
    expect(published.length).toBeGreaterThan(0);
  });

  test("/blog lists every published post, newest first, in the served HTML and in the page", async ({
    page,
    request,
  }) => {
    const html = await served(request, "/blog");
    for (const post of published.slice(0, PAGE_SIZE)) expect(html).toContain(`href="/blog/${post.slug}"`);

    await gotoHydrated(page, "/blog");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(Math.min(published.length, PAGE_SIZE));
    const titles = await cards.getByRole("heading", { level: 2 }).allTextContents();
    expect(titles).toEqual(published.slice(0, PAGE_SIZE).map((p) => p.title));
  });

  test("a card shows the cover, description, author, date, reading time and tags", async ({ page }) => {
    const [post] = published;
    if (!post) throw new Error("no posts");
    await gotoHydrated(page, "/blog");
    const card = page.getByRole("article", { name: post.title });
    await expect(card.getByRole("img", { name: post.coverAlt })).toBeVisible();
    await expect(card.getByText(post.description)).toBeVisible();
    await expect(card.getByText(post.author.name)).toBeVisible();
    await expect(card.locator(`time[datetime="${post.date}"]`)).toBeVisible();
    await expect(card.getByText(/\d+ min read/)).toBeVisible();
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveCount(post.tags.length);
  });

  test("drafts are not published anywhere", async ({ request }) => {
    const list = await served(request, "/blog");
    const rss = await (await request.get("/rss.xml")).text();
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const draft of drafts) {
      expect(list).not.toContain(`/blog/${draft.slug}"`);
      expect(rss).not.toContain(`/blog/${draft.slug}<`);
      expect(sitemap).not.toContain(`/blog/${draft.slug}<`);
      expect((await request.get(`/blog/${draft.slug}`)).status()).toBe(404);
    }
  });

  test("each card opens its post", async ({ page, request }) => {
    await gotoHydrated(page, "/blog");
    for (const post of published.slice(0, PAGE_SIZE)) {
      await page.getByRole("article", { name: post.title }).getByRole("link", { name: post.title }).click();
      await expect(page).toHaveURL(new RegExp(`/blog/${post.slug}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
      expect((await request.get(`/blog/${post.slug}`)).status()).toBe(200);
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    }
  });

  test('client-side navigation from the list to a post shows "Loading..."', async ({ page }) => {
    const [post] = published;
    if (!post) throw new Error("no posts");
    await gotoHydrated(page, "/blog");
    // Hold the post's data back so the loading state is visible long enough to see.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/blog/${post.slug}.data*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("link", { name: post.title }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.getByText("Loading...", { exact: true })).toBeHidden();
  });
});

test.describe("paging", () => {
  test(`the list has ${pages} page(s) of up to nine posts`, async ({ page, request }) => {
    await gotoHydrated(page, "/blog");
    const pager = page.getByRole("navigation", { name: "Blog pages" });
    if (pages === 1) {
      await expect(pager).toHaveCount(0);
    } else {
      await expect(pager.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/blog/page/2");
      for (let n = 2; n <= pages; n++) {
        const html = await served(request, `/blog/page/${n}`);
        for (const post of published.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE)) {
          expect(html).toContain(`href="/blog/${post.slug}"`);
        }
      }
      await pager.getByRole("link", { name: "Next page" }).click();
      await expect(page).toHaveURL(/\/blog\/page\/2$/);
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(
        Math.min(PAGE_SIZE, published.length - PAGE_SIZE),
      );
    }
    // No empty pages: the page after the last is the 404 page.
    expect((await request.get(`/blog/page/${pages + 1}`)).status()).toBe(404);
  });

  test("/blog/page/1 is not a second copy of /blog: it redirects there", async ({ page }) => {
    await page.goto("/blog/page/1");
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  });
});

test.describe("tag pages", () => {
  for (const tag of tags) {
    test(`/blog/tag/${tag} lists exactly the posts tagged ${tag}`, async ({ page }) => {
      await page.goto(`/blog/tag/${tag}`);
      const titles = await page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
      expect(titles).toEqual(published.filter((p) => p.tags.includes(tag)).map((p) => p.title));
    });
  }

  test("a tag on a card leads to its page", async ({ page }) => {
    const [post] = published;
    const tag = post?.tags[0];
    if (!post || !tag) throw new Error("no tagged post");
    await gotoHydrated(page, "/blog");
    await page
      .getByRole("article", { name: post.title })
      .getByRole("list", { name: "Tags" })
      .getByRole("link")
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/blog/tag/${tag}$`));
    await expect(page.getByRole("article", { name: post.title })).toBeVisible();
  });

  test("an unused tag is a 404", async ({ request }) => {
    expect((await request.get("/blog/tag/no-such-tag")).status()).toBe(404);
  });
});

test.describe("a post", () => {
  for (const post of published) {
    test(`${post.slug}: metadata and JSON-LD are in the served HTML`, async ({ request }) => {
      const html = await served(request, `/blog/${post.slug}`);
      const head = html.slice(0, html.indexOf("</head>"));
      const meta = (key: string) =>
        [...head.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`, "g"))].map(
          (m) => m[1],
        );

      expect(head).toMatch(/<title>[^<]+<\/title>/);
      expect(meta("og:type")).toEqual(["article"]);
      expect(meta("article:published_time")).toEqual([post.date]);
      expect(meta("article:modified_time")).toEqual([post.updated ?? post.date]);
      expect(meta("article:author")).toEqual([post.author.name]);
      expect(meta("article:tag")).toEqual(post.tags);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1];
      expect(canonical && pathOf(canonical)).toBe(`/blog/${post.slug}`);
      expect(canonical && new URL(canonical).origin, "canonical on the server's BASE_URL").toBe(
        serverOrigin(),
      );
      const [image] = meta("og:image");
      expect(image && pathOf(image)).toBe(`/og/${post.slug}.png`);
      expect(image && new URL(image).origin, "og:image on the server's BASE_URL").toBe(serverOrigin());

      const jsonLd = [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
        (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
      );
      const posting = jsonLd.find((d) => d["@type"] === "BlogPosting");
      expect(posting).toMatchObject({
        headline: post.title,
        description: post.description,
        datePublished: post.date,
        dateModified: post.updated ?? post.date,
        author: { name: post.author.name },
      });
      const breadcrumbs = jsonLd.find((d) => d["@type"] === "BreadcrumbList") as
        | { itemListElement: { name: string }[] }
        | undefined;
      expect(breadcrumbs?.itemListElement.map((i) => i.name)).toEqual(["Home", "Blog", post.title]);

      // The article itself is in the HTML before any script runs.
      expect(html).toMatch(/<h1[^>]*>[^<]*<\/h1>/);
    });
  }

  test("the social image is a 1200×630 PNG", async ({ request }) => {
    for (const post of published) {
      const res = await request.get(`/og/${post.slug}.png`);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
      const png = await res.body();
      // IHDR: width and height are the big-endian 32-bit numbers at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
  });

  test("shows the author, dates, reading time, cover, CTA and links to other posts", async ({ page }) => {
    const post = published.find((p) => p.updated) ?? published[0];
    if (!post) throw new Error("no posts");
    await gotoHydrated(page, `/blog/${post.slug}`);
    const article = page.getByRole("article", { name: post.title });
    await expect(article.getByText(post.author.name, { exact: false }).first()).toBeVisible();
    await expect(article.getByText(post.author.role, { exact: false }).first()).toBeVisible();
    await expect(article.locator(`time[datetime="${post.date}"]`)).toBeVisible();
    if (post.updated) await expect(article.locator(`time[datetime="${post.updated}"]`)).toBeVisible();
    await expect(article.getByText(/\d+ min read/).first()).toBeVisible();
    const cover = article.getByRole("img", { name: post.coverAlt });
    await expect(cover).toHaveAttribute("fetchpriority", "high");
    await expect(article.getByRole("link", { name: "Try the lesson planner" })).toHaveAttribute(
      "href",
      "/lesson-plan",
    );
    if (published.length > 1) {
      await expect(
        page.getByRole("navigation", { name: "Previous and next posts" }).getByRole("link"),
      ).not.toHaveCount(0);
    }
  });

  test("a long post has a table of contents whose links reach their sections", async ({ page }) => {
    await gotoHydrated(page, `/blog/${published[0]?.slug}`);
    const toc = page.getByRole("navigation", { name: "On this page" });
    test.skip((await toc.count()) === 0, "the newest post is short");
    const first = toc.getByRole("link").first();
    const target = (await first.getAttribute("href")) ?? "";
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.locator(target)).toBeInViewport();
  });

  test("an unknown slug is the 404 page with status 404", async ({ page, request, guard }) => {
    const res = await request.get("/blog/no-such-post");
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain("Page not found");

    guard.allowConsoleError(/status of 404/);
    await gotoHydrated(page, "/blog");
    // Client-side navigation: the post's data file does not exist, and the page says so.
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter?: { navigate(to: string): unknown } })
        .__reactRouterDataRouter;
      if (!router) throw new Error("window.__reactRouterDataRouter is not set");
      return router.navigate("/blog/no-such-post");
    });
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
test.describe("accessibility (axe)", () => {
  test("the blog list", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    await checkA11y(page);
  });

  test("a tag page", async ({ page }) => {
    await gotoHydrated(page, `/blog/tag/${tags[0]}`);
    await checkA11y(page);
  });

  for (const post of published) {
    test(`the post ${post.slug}`, async ({ page }) => {
      await gotoHydrated(page, `/blog/${post.slug}`);
      await checkA11y(page);
    });
  }

  test("a post with tables on a phone (tables scroll in focusable regions)", async ({ page, request }) => {
    const withTable = [];
    for (const post of published) {
      if ((await served(request, `/blog/${post.slug}`)).includes('class="table-scroll"'))
        withTable.push(post);
    }
    test.skip(withTable.length === 0, "no post has a table");
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, `/blog/${withTable[0]?.slug}`);
    const region = page.getByRole("region", { name: /^Table/ }).first();
    await region.focus();
    await expect(region).toBeFocused();
    await checkA11y(page);
  });
});
