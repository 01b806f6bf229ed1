import type { Brand, Category } from '../wire'
import type { Queryable } from '../db/types'

/**
 * Categories and brands, small and never changed at run time, kept in memory
 * once loaded so product answers can attach brand and breadcrumbs without joins.
 */
export class CatalogReference {
  private constructor(
    readonly categories: Category[],
    readonly brands: Brand[],
    private readonly categoriesById: Map<string, Category>,
    private readonly categoriesBySlug: Map<string, Category>,
    private readonly brandsById: Map<string, Brand>,
    private readonly brandsBySlug: Map<string, Brand>,
  ) {}

  static async load(db: Queryable): Promise<CatalogReference> {
    const categories = await db.query<Category>(
      `SELECT id, slug, name, level::int AS level, parent_id AS "parentId", position
       FROM categories ORDER BY level, position, id`,
    )
    const brands = await db.query<Brand>(
      `SELECT id, slug, name, private_label AS "privateLabel" FROM brands ORDER BY name, id`,
    )
    return new CatalogReference(
      categories,
      brands,
      new Map(categories.map((c) => [c.id, c])),
      new Map(categories.map((c) => [c.slug, c])),
      new Map(brands.map((b) => [b.id, b])),
      new Map(brands.map((b) => [b.slug, b])),
    )
  }

  category(id: string): Category | undefined {
    return this.categoriesById.get(id)
  }

  categoryBySlug(slug: string): Category | undefined {
    return this.categoriesBySlug.get(slug)
  }

  brand(id: string): Brand | undefined {
    return this.brandsById.get(id)
  }

  brandBySlug(slug: string): Brand | undefined {
    return this.brandsBySlug.get(slug)
  }

  /** Children of a category (top-level categories for null), in position order. */
  children(parentId: string | null): Category[] {
    return this.categories.filter((c) => c.parentId === parentId)
  }

  /** Path from level 1 down to the category. */
  path(categoryId: string): { name: string; slug: string }[] {
    const path: { name: string; slug: string }[] = []
    for (let c = this.category(categoryId); c; c = c.parentId ? this.category(c.parentId) : undefined) {
      path.unshift({ name: c.name, slug: c.slug })
    }
    return path
  }
}
