import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';

/** Spec section 9: an uploaded video is embedded at 480x320. */
export const VIDEO_WIDTH = 480;
export const VIDEO_HEIGHT = 320;

export type SerializedMedia = Spread<{ src: string; alt?: string }, SerializedLexicalNode>;

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

export function $createVideoNode(src: string): VideoNode {
  return $applyNodeReplacement(new VideoNode(src));
}
