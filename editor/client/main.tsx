/**
 * The editing screen in the browser: the nine content types, the form of the
 * chosen one, its problems as the editor types, publishing, the file's history
 * and restoring a version, and the editor's active sessions. Served only by
 * the editing screen's server.
 */
import { BuildStatus } from './BuildStatus'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Field, type FormContext, type JsonSchema, type Value } from './form'
import { fieldName, parsePath } from './labels'
import { Preview } from './Preview'
import { Sessions } from './Sessions'

interface TypeInfo {
  name: string
  file: string
  label: string
}
interface Problem {
  file: string
  field: string
  message: string
}
interface HistoryEntry {
  commit: string
  author: string
  date: string
  message: string
}
interface Loaded {
  name: string
  data: Value
  version: string
  schema: JsonSchema
  label: string
  file: string
}

/** Every write names this page's origin (the browser adds it) and sends JSON, which no cross-site form can. */
async function call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (response.status === 401) {
    window.location.assign('/login')
  }
  return { status: response.status, body: (await response.json()) as T }
}

/** The field named with the form's Italian words when it is in the file open; another file's field by its path. */
const problemText = (p: Problem, loaded: Loaded | null) => {
  const field = p.field && loaded && p.file === loaded.file ? fieldName(loaded.name, parsePath(p.field)) : p.field
  return `${p.file}${field ? `, campo "${field}"` : ''}: ${p.message}`
}

function App(): ReactElement {
  const [types, setTypes] = useState<TypeInfo[]>([])
  const labelOf = (name: string) => types.find((t) => t.name === name)?.label ?? name
  const [editor, setEditor] = useState<{ name: string } | null>(null)
  const [current, setCurrent] = useState<string>(() => new URLSearchParams(window.location.search).get('tipo') ?? 'topHeader')
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  /** Publishes and restores this screen made: the build status asks again at each (BuildStatus). */
  const [published, setPublished] = useState(0)
  const [draft, setDraft] = useState<Value>(null)
  const [problems, setProblems] = useState<Problem[]>([])
  const [status, setStatus] = useState<string>('')
  const [conflict, setConflict] = useState<{ data: Value; version: string } | null>(null)
  const [historyList, setHistory] = useState<HistoryEntry[]>([])
  const [pages, setPages] = useState<string[]>([])
  const [clipboard, setClipboard] = useState<FormContext['clipboard']>(null)
  const [busy, setBusy] = useState(false)
  const checkTimer = useRef<number | undefined>(undefined)
  // Only the latest check's answer is shown: an earlier one arriving late, or after a publish, is dropped.
  const checkSeq = useRef(0)

  useEffect(() => {
    void call<{ editor: { name: string } | null }>('GET', '/api/session').then((r) => setEditor(r.body.editor))
    void call<{ types: TypeInfo[] }>('GET', '/api/content').then((r) => setTypes(r.body.types))
    void call<{ pages: string[] }>('GET', '/api/pages').then((r) => setPages(r.body.pages))
  }, [])

  const loadSeq = useRef(0)
  const load = useCallback(async (name: string) => {
    // A slower answer for the type the editor just left never replaces the one now open.
    const seq = ++loadSeq.current
    setLoaded(null)
    setDraft(null)
    setHistory([])
    window.clearTimeout(checkTimer.current)
    checkSeq.current++
    const r = await call<Loaded>('GET', `/api/content/${name}`)
    if (r.status !== 200 || seq !== loadSeq.current) return
    setLoaded({ ...r.body, name })
    setDraft(r.body.data)
    setProblems([])
    setConflict(null)
    const h = await call<{ history: HistoryEntry[] }>('GET', `/api/history/${name}`)
    if (seq === loadSeq.current) setHistory(h.body.history ?? [])
  }, [])

  useEffect(() => {
    void load(current)
  }, [current, load])

  const change = (next: Value) => {
    if (!loaded) return
    const name = loaded.name
    setDraft(next)
    setStatus('Modifiche non pubblicate')
    window.clearTimeout(checkTimer.current)
    const seq = ++checkSeq.current
    checkTimer.current = window.setTimeout(() => {
      void call<{ problems: Problem[] }>('POST', `/api/validate/${name}`, { data: next }).then((r) => {
        if (seq === checkSeq.current) setProblems(r.body.problems ?? [])
      })
    }, 400)
  }

  const publish = async (version = loaded?.version) => {
    if (!loaded) return
    const { name } = loaded
    const sent = draft
    const opened = loadSeq.current
    window.clearTimeout(checkTimer.current)
    checkSeq.current++
    setBusy(true)
    setStatus('Pubblicazione…')
    const r = await call<{ ok: boolean; version?: string; problems?: Problem[]; current?: { data: Value; version: string } }>('PUT', `/api/content/${name}`, { data: sent, version })
    setBusy(false)
    if (r.status === 200) setPublished((n) => n + 1)
    // The editor opened another content type meanwhile: this answer is about the one they left, and must not
    // lend its version, content or history to the one now open.
    if (opened !== loadSeq.current) {
      setStatus(r.status === 200 ? `${labelOf(name)}: pubblicato.` : `${labelOf(name)}: non pubblicato; riaprilo per vedere perché.`)
      return
    }
    if (r.status === 200 && r.body.version) {
      setLoaded((l) => (l && l.name === name ? { ...l, data: sent, version: r.body.version! } : l))
      setProblems([])
      setConflict(null)
      setStatus('Pubblicato.')
      const h = await call<{ history: HistoryEntry[] }>('GET', `/api/history/${name}`)
      if (opened === loadSeq.current) setHistory(h.body.history ?? [])
    } else if (r.status === 409 && r.body.current) {
      setConflict(r.body.current)
      setStatus('Non pubblicato: un altro editor ha pubblicato questo contenuto dopo che l’hai aperto. Le tue modifiche sono ancora qui.')
    } else {
      setProblems(r.body.problems ?? [])
      setStatus('Non pubblicato: correggi i campi indicati.')
    }
  }

  const restore = async (commit: string) => {
    if (!loaded) return
    const { name } = loaded
    const opened = loadSeq.current
    setBusy(true)
    const r = await call<{ ok: boolean; problems?: Problem[]; current?: unknown }>('POST', `/api/content/${name}/restore`, { commit, version: loaded.version })
    setBusy(false)
    if (r.status === 200) setPublished((n) => n + 1)
    if (opened !== loadSeq.current) {
      setStatus(r.status === 200 ? `${labelOf(name)}: ripristinata la versione ${commit.slice(0, 7)}.` : `${labelOf(name)}: non ripristinato; riaprilo per vedere perché.`)
      return
    }
    if (r.status === 200) {
      await load(name)
      setStatus(`Ripristinata la versione ${commit.slice(0, 7)}.`)
    } else if (r.status === 409) setStatus('Non ripristinato: il contenuto è cambiato nel frattempo; ricarica la pagina.')
    else {
      setProblems(r.body.problems ?? [])
      setStatus('Non ripristinato: quella versione non supera più i controlli.')
    }
  }

  const upload = async (file: File): Promise<string> => {
    const response = await fetch(`/api/pictures?name=${encodeURIComponent(file.name)}`, { method: 'POST', headers: { 'content-type': file.type || 'application/octet-stream' }, body: file })
    const body = (await response.json()) as { path?: string; message?: string }
    if (!response.ok || !body.path) {
      setStatus(`Immagine non caricata: ${body.message ?? response.status}`)
      throw new Error(body.message)
    }
    setStatus(`Immagine caricata: ${body.path}`)
    return body.path
  }

  const problemMap = useMemo(() => new Map(problems.map((p) => [p.field, p.message])), [problems])
  const context: FormContext = { content: loaded?.name ?? current, problems: problemMap, pagesListId: 'site-pages', clipboard, setClipboard, upload }

  return (
    <div className="layout">
      <nav aria-label="Contenuti">
        <div>
          <p>{editor?.name}</p>
          <form method="post" action="/logout">
            <button type="submit">Esci</button>
          </form>
          <Sessions />
        </div>
        <ul>
          {types.map((t) => (
            <li key={t.name}>
              <a
                href={`?tipo=${t.name}`}
                aria-current={t.name === current ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault()
                  window.history.pushState(null, '', `?tipo=${t.name}`)
                  setCurrent(t.name)
                }}
              >
                {t.label}
                <small> ({t.file})</small>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <h1>{loaded ? `${loaded.label} (${loaded.file})` : 'Caricamento…'}</h1>
        <datalist id="site-pages">
          {pages.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <div className="toolbar">
          <button type="button" className="primary" disabled={busy || !loaded} onClick={() => void publish()}>
            Pubblica
          </button>
          <p role="status" className="status">
            {status}
          </p>
          <BuildStatus published={published} />
        </div>
        {conflict && (
          <div className="problems" role="alert">
            <p>Un altro editor ha pubblicato una nuova versione di questo contenuto.</p>
            <button type="button" onClick={() => void publish(conflict.version)}>
              Pubblica comunque le mie modifiche
            </button>{' '}
            <button
              type="button"
              onClick={() => {
                setDraft(conflict.data)
                setLoaded((l) => (l ? { ...l, data: conflict.data, version: conflict.version } : l))
                setConflict(null)
                setStatus('Caricata la versione dell’altro editor; le tue modifiche sono state scartate.')
              }}
            >
              Scarta le mie e carica la sua
            </button>
          </div>
        )}
        {problems.length > 0 && (
          <div className="problems" role="alert" aria-label="Problemi">
            <ul>
              {problems.map((p) => (
                <li key={`${p.field}:${p.message}`}>{problemText(p, loaded)}</li>
              ))}
            </ul>
          </div>
        )}
        {loaded && draft !== null && <Field schema={loaded.schema} value={draft} onChange={change} path={[]} label={loaded.label} required context={context} />}
      </main>
      <div className="side">
        {loaded && draft !== null && <Preview name={loaded.name} data={draft} />}
        <aside aria-label="Cronologia">
          <h2>Cronologia</h2>
          <ol className="history">
            {historyList.map((h, i) => (
              <li key={h.commit}>
                <p>
                  {h.message}
                  <br />
                  <small>
                    {h.author}, {new Date(h.date).toLocaleString('it-IT')}
                  </small>
                </p>
                {i > 0 && (
                  <button type="button" disabled={busy} onClick={() => void restore(h.commit)} aria-label={`Ripristina la versione ${h.commit.slice(0, 7)}`}>
                    Ripristina
                  </button>
                )}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  )
}

createRoot(document.getElementById('editor')!).render(<App />)
