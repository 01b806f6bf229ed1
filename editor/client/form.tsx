/**
 * Forms generated from a content file's JSON schema (the one cms/load.ts
 * jsonSchemaOf derives from the zod schema): an object is a fieldset, an array
 * a list whose items are added, removed, moved up and down and cut to be
 * pasted under another parent (the menu's four levels), a union a choice of
 * shape, a link a field offering the site's real pages (req EDIT-01).
 */
import { useState, type ReactElement } from 'react'
import { labelFor, VALUE_WORDS, wordsFor } from './labels'

export interface JsonSchema {
  type?: string | string[]
  format?: string
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  minimum?: number
  maximum?: number
  minItems?: number
  maxLength?: number
  additionalProperties?: unknown
}

export type Value = unknown
export type Path = (string | number)[]

/** The field path as the server's messages name it: items[0].nextLevel[1].title */
export const pathText = (path: Path) => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${s}`)).join('')

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type)

/** A new value that satisfies the shape as far as defaults go: what "Aggiungi" inserts. */
export function emptyOf(schema: JsonSchema): Value {
  if (schema.default !== undefined) return structuredClone(schema.default)
  if (schema.const !== undefined) return schema.const
  if (schema.anyOf?.length) return emptyOf(schema.anyOf[schema.anyOf.length - 1]!)
  if (schema.enum?.length) return schema.enum[0]
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, Value> = {}
      for (const key of schema.required ?? []) out[key] = emptyOf(schema.properties?.[key] ?? {})
      return out
    }
    case 'array':
      return []
    case 'boolean':
      return false
    case 'number':
    case 'integer':
      return schema.minimum ?? 0
    default:
      return ''
  }
}

/** Which of a union's shapes a value has: the one whose constant fields match, then the one whose required fields it carries. */
export function optionOf(options: JsonSchema[], value: Value): number {
  const object = (value ?? {}) as Record<string, Value>
  const scores = options.map((option) => {
    let score = 0
    for (const [key, sub] of Object.entries(option.properties ?? {})) {
      if (sub.const !== undefined) score += object[key] === sub.const ? 10 : -100
      else if (key in object) score += 1
    }
    for (const key of option.required ?? []) if (!(key in object)) score -= 5
    return score
  })
  return scores.indexOf(Math.max(...scores))
}

function optionLabel(option: JsonSchema, index: number): string {
  const constant = Object.values(option.properties ?? {}).find((p) => p.const !== undefined)
  if (constant) return VALUE_WORDS[String(constant.const)] ?? String(constant.const)
  if (option.properties?.nextLevel && option.required?.includes('nextLevel')) return 'con sottolivello'
  if (option.properties && !option.properties.nextLevel && option.description?.startsWith('A link')) return 'solo link'
  return `forma ${index + 1}`
}

const isPictureField = (key: string) => /image(src)?$/i.test(key) || key === 'logoImage'

export interface FormContext {
  /** The content type the form edits: its fields' Italian words depend on it. */
  content: string
  problems: ReadonlyMap<string, string>
  pagesListId: string
  clipboard: { schema: JsonSchema; value: Value } | null
  setClipboard: (c: { schema: JsonSchema; value: Value } | null) => void
  upload: (file: File) => Promise<string>
}

interface FieldProps {
  schema: JsonSchema
  value: Value
  onChange: (value: Value) => void
  path: Path
  label: string
  required: boolean
  context: FormContext
  /** Remove the key from its object when emptied (optional fields). */
  onClear?: () => void
}

const idOf = (path: Path) => `f-${pathText(path).replace(/[^a-zA-Z0-9]+/g, '-') || 'root'}`

export function Field(props: FieldProps): ReactElement {
  const { schema, value, path, context } = props
  if (schema.anyOf?.length) return <UnionField {...props} />
  const type = typeOf(schema)
  if (type === 'object') return <ObjectField {...props} />
  if (type === 'array') return <ArrayField {...props} />
  const id = idOf(path)
  const problem = context.problems.get(pathText(path))
  const errorId = `${id}-error`
  const help = wordsFor(context.content, path)?.help
  const describedBy = [help ? `${id}-desc` : '', problem ? errorId : ''].filter(Boolean).join(' ') || undefined
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': problem ? true : undefined }
  let control: ReactElement
  if (type === 'boolean') {
    // A box left out of the file takes its schema's default when the build reads it: the box shows that default.
    return (
      <div className="check">
        <label>
          <input type="checkbox" {...common} checked={(value ?? schema.default) === true} onChange={(e) => props.onChange(e.target.checked)} />
          {props.label}
        </label>
        {problem && <p className="field-error" id={errorId}>{problem}</p>}
      </div>
    )
  } else if (schema.enum) {
    control = (
      <select {...common} value={String(value ?? '')} onChange={(e) => props.onChange(e.target.value)}>
        {!props.required && <option value="">—</option>}
        {schema.enum.map((option) => (
          <option key={String(option)} value={String(option)}>
            {VALUE_WORDS[String(option)] ?? String(option)}
          </option>
        ))}
      </select>
    )
  } else if (type === 'number' || type === 'integer') {
    control = (
      <input
        {...common}
        type="number"
        min={schema.minimum}
        max={schema.maximum}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => (e.target.value === '' && props.onClear ? props.onClear() : props.onChange(Number(e.target.value)))}
      />
    )
  } else if (schema.format === 'html') {
    control = (
      <>
        <textarea {...common} rows={3} value={String(value ?? '')} onChange={(e) => props.onChange(e.target.value)} />
        <p className="desc">Ammessi solo: grassetto (b, strong), corsivo (em, i), sottolineato (u), small, sup, br, span con un colore esadecimale, link http, https, mailto, tel.</p>
      </>
    )
  } else {
    const text = String(value ?? '')
    const change = (next: string) => (next === '' && props.onClear ? props.onClear() : props.onChange(next))
    control = (
      <span className="row">
        <input {...common} type="text" list={schema.format === 'link' ? context.pagesListId : undefined} value={text} onChange={(e) => change(e.target.value)} />
        {schema.format === 'color' && /^#[0-9a-fA-F]{6}$/.test(text) && (
          <input type="color" aria-label={`${props.label}: scegli il colore`} value={text} onChange={(e) => change(e.target.value.toUpperCase())} />
        )}
        {isPictureField(String(path[path.length - 1])) && (
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            aria-label={`${props.label}: carica un’immagine`}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) void context.upload(file).then(change)
            }}
          />
        )}
      </span>
    )
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? ' *' : ''}
      </label>
      {help && (
        <p className="desc" id={`${id}-desc`}>
          {help}
        </p>
      )}
      {control}
      {problem && (
        <p className="field-error" id={errorId}>
          {problem}
        </p>
      )}
    </div>
  )
}

function UnionField(props: FieldProps): ReactElement {
  const options = props.schema.anyOf!
  const chosen = optionOf(options, props.value)
  const option = options[chosen]!
  const id = `${idOf(props.path)}-shape`
  const switchTo = (index: number) => {
    const next = emptyOf(options[index]!) as Record<string, Value>
    const old = (props.value ?? {}) as Record<string, Value>
    // Fields both shapes have are kept (a menu item's title survives turning it into a branch).
    for (const key of Object.keys(options[index]!.properties ?? {})) if (key in old && options[index]!.properties![key]!.const === undefined) next[key] = old[key]
    props.onChange(next)
  }
  return (
    <div className="union">
      <label htmlFor={id}>Tipo di {props.label}</label>
      <select id={id} value={chosen} onChange={(e) => switchTo(Number(e.target.value))}>
        {options.map((o, i) => (
          <option key={i} value={i}>
            {optionLabel(o, i)}
          </option>
        ))}
      </select>
      <Field {...props} schema={{ ...option, anyOf: undefined }} />
    </div>
  )
}

function ObjectField(props: FieldProps): ReactElement {
  const { schema, path, context } = props
  const object = (props.value ?? {}) as Record<string, Value>
  const problem = context.problems.get(pathText(path))
  const set = (key: string, next: Value) => props.onChange({ ...object, [key]: next })
  const clear = (key: string) => {
    const { [key]: _gone, ...rest } = object
    props.onChange(rest)
  }
  const keys = Object.keys(schema.properties ?? {}).filter((k) => k !== '$schema')
  const body = (
    <>
      {problem && <p className="field-error">{problem}</p>}
      {keys.map((key) => {
        const sub = schema.properties![key]!
        const required = schema.required?.includes(key) ?? false
        if (sub.const !== undefined) return null
        return (
          <Field
            key={key}
            schema={sub}
            value={object[key]}
            onChange={(next) => set(key, next)}
            onClear={required ? undefined : () => clear(key)}
            path={[...path, key]}
            label={labelFor(context.content, [...path, key])}
            required={required}
            context={context}
          />
        )
      })}
    </>
  )
  if (path.length === 0) return body
  return (
    <fieldset>
      <legend>{props.label}</legend>
      {body}
    </fieldset>
  )
}

function itemTitle(value: Value, index: number): string {
  const object = (value ?? {}) as Record<string, Value>
  const named = object.title ?? object.label ?? object.name ?? object.slug ?? object.type ?? object.id
  return `${index + 1}. ${typeof named === 'string' && named ? named : 'elemento'}`
}

function ArrayField(props: FieldProps): ReactElement {
  const { schema, path, context } = props
  const list = Array.isArray(props.value) ? props.value : []
  const itemSchema = schema.items ?? {}
  const problem = context.problems.get(pathText(path))
  const help = wordsFor(context.content, path)?.help
  const [open, setOpen] = useState<Set<number>>(() => new Set())
  const update = (next: Value[]) => props.onChange(next)
  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length) return
    const next = [...list]
    const [item] = next.splice(from, 1)
    next.splice(to, 0, item)
    update(next)
  }
  const canPaste = context.clipboard !== null && JSON.stringify(context.clipboard.schema) === JSON.stringify(itemSchema)
  const toggle = (i: number) => setOpen((s) => (s.has(i) ? new Set([...s].filter((x) => x !== i)) : new Set([...s, i])))
  return (
    <fieldset className="list">
      <legend>
        {props.label} ({list.length})
      </legend>
      {help && <p className="desc">{help}</p>}
      {problem && <p className="field-error">{problem}</p>}
      {list.map((item, i) => {
        const title = itemTitle(item, i)
        const simple = !itemSchema.anyOf && typeOf(itemSchema) !== 'object'
        const prefix = pathText([...path, i])
        // An item holding a refused field opens by itself, so the message is never hidden.
        const shown = simple || open.has(i) || [...context.problems.keys()].some((k) => k === prefix || k.startsWith(`${prefix}.`) || k.startsWith(`${prefix}[`))
        return (
          <div className="item" key={i}>
            <div className="actions" role="group" aria-label={`${props.label} ${title}`}>
              {!simple && (
                <button type="button" aria-expanded={shown} onClick={() => toggle(i)}>
                  {title}
                </button>
              )}
              <button type="button" aria-label={`Sposta su ${title}`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </button>
              <button type="button" aria-label={`Sposta giù ${title}`} disabled={i === list.length - 1} onClick={() => move(i, i + 1)}>
                ↓
              </button>
              <button
                type="button"
                aria-label={`Taglia ${title}`}
                onClick={() => {
                  context.setClipboard({ schema: itemSchema, value: item })
                  update(list.filter((_, j) => j !== i))
                }}
              >
                Taglia
              </button>
              <button type="button" aria-label={`Rimuovi ${title}`} onClick={() => update(list.filter((_, j) => j !== i))}>
                Rimuovi
              </button>
            </div>
            {shown && (
              <Field schema={itemSchema} value={item} onChange={(next) => update(list.map((v, j) => (j === i ? next : v)))} path={[...path, i]} label={title} required context={context} />
            )}
          </div>
        )
      })}
      <button type="button" onClick={() => update([...list, emptyOf(itemSchema)])}>
        Aggiungi: {props.label}
      </button>
      {canPaste && (
        <button
          type="button"
          onClick={() => {
            update([...list, context.clipboard!.value])
            context.setClipboard(null)
          }}
        >
          Incolla qui
        </button>
      )}
    </fieldset>
  )
}
