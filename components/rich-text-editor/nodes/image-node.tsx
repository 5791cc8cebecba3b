import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
} from 'lexical';
import type { JSX } from 'react';

import type { SerializedMedia } from './video-node';

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

export function $createImageNode(src: string, alt = ''): ImageNode {
  return $applyNodeReplacement(new ImageNode(src, alt));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
