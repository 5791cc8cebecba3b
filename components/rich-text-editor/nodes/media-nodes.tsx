import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';

/** Spec section 9: an uploaded video is embedded at 480x320. */
export const VIDEO_WIDTH = 480;
export const VIDEO_HEIGHT = 320;

type SerializedMedia = Spread<{ src: string; alt?: string }, SerializedLexicalNode>;

/** An inline image; exported as a plain `<img>` with inline sizing that e-mail clients honour. */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static getType(): string {
    return 'starloop-image';
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__src, node.__alt, node.__key);
  }

  constructor(src: string, alt = '', key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  static importJSON(json: SerializedMedia): ImageNode {
    return $createImageNode(json.src, json.alt ?? '');
  }

  exportJSON(): SerializedMedia {
    return { ...super.exportJSON(), type: ImageNode.getType(), version: 1, src: this.__src, alt: this.__alt };
  }

  static importDOM(): DOMConversionMap {
    return {
      img: () => ({
        priority: 1,
        conversion: (dom) => {
          const img = dom as HTMLImageElement;
          const src = img.getAttribute('src');
          return { node: src ? $createImageNode(src, img.getAttribute('alt') ?? '') : null };
        },
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    img.setAttribute('alt', this.__alt);
    img.setAttribute('style', 'max-width:100%;height:auto;display:inline-block');
    return { element: img };
  }

  createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.style.display = 'inline-block';
    span.style.maxWidth = '100%';
    return span;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): boolean {
    return true;
  }

  decorate(): JSX.Element {
    // eslint-disable-next-line @next/next/no-img-element -- user content inside the editor, sized by the mail
    return <img src={this.__src} alt={this.__alt} className="inline-block h-auto max-w-full rounded" draggable={false} />;
  }
}

/** An uploaded video, embedded 480x320 with controls. */
export class VideoNode extends DecoratorNode<JSX.Element> {
  __src: string;

  static getType(): string {
    return 'starloop-video';
  }

  static clone(node: VideoNode): VideoNode {
    return new VideoNode(node.__src, node.__key);
  }

  constructor(src: string, key?: NodeKey) {
    super(key);
    this.__src = src;
  }

  static importJSON(json: SerializedMedia): VideoNode {
    return $createVideoNode(json.src);
  }

  exportJSON(): SerializedMedia {
    return { ...super.exportJSON(), type: VideoNode.getType(), version: 1, src: this.__src };
  }

  static importDOM(): DOMConversionMap {
    return {
      video: () => ({
        priority: 1,
        conversion: (dom) => {
          const video = dom as HTMLVideoElement;
          const src = video.getAttribute('src') ?? video.querySelector('source')?.getAttribute('src');
          return { node: src ? $createVideoNode(src) : null };
        },
      }),
    };
  }

  exportDOM(): DOMExportOutput {
    const video = document.createElement('video');
    video.setAttribute('src', this.__src);
    video.setAttribute('controls', '');
    video.setAttribute('width', String(VIDEO_WIDTH));
    video.setAttribute('height', String(VIDEO_HEIGHT));
    video.setAttribute('style', 'max-width:100%');
    return { element: video };
  }

  createDOM(): HTMLElement {
    const div = document.createElement('div');
    div.style.margin = '8px 0';
    return div;
  }

  updateDOM(): false {
    return false;
  }

  decorate(): JSX.Element {
    return <video src={this.__src} controls width={VIDEO_WIDTH} height={VIDEO_HEIGHT} className="max-w-full rounded bg-black" />;
  }
}

export function $createImageNode(src: string, alt = ''): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

export function $createVideoNode(src: string): VideoNode {
  return $applyNodeReplacement(new VideoNode(src));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
