/**
 * The preview beside the form: a frame of the editing screen's own origin
 * rendering the storefront's components (editor/preview/main.tsx), sent
 * the draft on every change, at a phone's or a desktop's width. A desktop
 * page is scaled down to the column, so it is laid out at 1280 px as shoppers
 * see it.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { Value } from './form'

export const PREVIEW_WIDTHS = [
  { width: 375, label: 'Telefono (375 px)' },
  { width: 1280, label: 'Computer (1280 px)' },
] as const
const FRAME_HEIGHT = 900

/** The pages a file holds, for the files that hold several (pages, flyers): their titles, in order. */
export function itemsOf(name: string, data: Value): string[] {
  const list = (data as Record<string, unknown> | null)?.[name === 'pages' ? 'pages' : name === 'flyers' ? 'flyers' : '']
  if (!Array.isArray(list)) return []
  return list.map((item: { heading?: unknown; title?: unknown; slug?: unknown }, i) => String(item?.heading || item?.title || item?.slug || `${i + 1}`))
}

export function Preview({ name, data }: { name: string; data: Value }): ReactElement {
  const frame = useRef<HTMLIFrameElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState<number>(1280)
  const [room, setRoom] = useState<number>(600)
  const [item, setItem] = useState(0)
  const [held, setHeld] = useState(false)
  const items = itemsOf(name, data)
  // What the frame shows: the last draft the schema accepted, as the build would read it.
  const built = useRef<{ name: string; data: Value } | null>(null)
  const latest = useRef({ name, item })
  latest.current = { name, item }
  const seq = useRef(0)

  const send = () => {
    // Only the open type's draft: the frame of a type just opened shows the published files until its draft is built.
    if (built.current?.name === latest.current.name)
      frame.current?.contentWindow?.postMessage({ type: 'draft', ...built.current, item: latest.current.item }, window.location.origin)
  }

  useEffect(() => setItem(0), [name])
  useEffect(send, [item])
  useEffect(() => {
    const mine = ++seq.current
    const timer = window.setTimeout(() => {
      void fetch(`/api/preview/${name}`, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) })
        .then((r) => (r.ok ? (r.json() as Promise<{ data: Value }>) : { data: null }))
        .then((answer) => {
          // An answer overtaken by a later keystroke, or about a type the editor left, is dropped.
          if (mine !== seq.current) return
          setHeld(answer.data === null)
          if (answer.data === null) return
          built.current = { name, data: answer.data }
          send()
        })
    }, 120)
    return () => window.clearTimeout(timer)
  }, [name, data])
  useEffect(() => {
    // The frame asks for the draft once its script runs: a draft sent before then would be lost.
    const ready = (event: MessageEvent<{ type?: string }>) => {
      if (event.origin === window.location.origin && event.source === frame.current?.contentWindow && event.data?.type === 'ready') send()
    }
    window.addEventListener('message', ready)
    const observer = new ResizeObserver(([entry]) => entry && setRoom(entry.contentRect.width))
    if (box.current) observer.observe(box.current)
    return () => {
      window.removeEventListener('message', ready)
      observer.disconnect()
    }
  }, [])

  const scale = Math.min(1, room / width)
  return (
    <section className="preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Anteprima</h2>
      <div className="row" role="group" aria-label="Larghezza dell’anteprima">
        {PREVIEW_WIDTHS.map((w) => (
          <button key={w.width} type="button" aria-pressed={width === w.width} onClick={() => setWidth(w.width)}>
            {w.label}
          </button>
        ))}
      </div>
      {items.length > 0 && (
        <label>
          {name === 'flyers' ? 'Volantino mostrato' : 'Pagina mostrata'}
          <select value={Math.min(item, items.length - 1)} onChange={(e) => setItem(Number(e.target.value))}>
            {items.map((title, i) => (
              <option key={i} value={i}>
                {title}
              </option>
            ))}
          </select>
        </label>
      )}
      {held && <p className="desc">L’anteprima mostra l’ultima versione valida: completa i campi indicati per aggiornarla.</p>}
      <div className="preview-room" ref={box}>
        <div className="preview-box" style={{ width: width * scale, height: FRAME_HEIGHT * scale }}>
          {/* A new frame for each type opened: a draft the editor left unpublished is not shown under another type. */}
          <iframe
            key={name}
            ref={frame}
            src="/preview"
            title={`Anteprima a ${width} px`}
            width={width}
            height={FRAME_HEIGHT}
            style={{ transform: `scale(${scale})` }}
          />
        </div>
      </div>
    </section>
  )
}
