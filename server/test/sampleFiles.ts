/** The smallest real file of every allowed attachment type, for upload and detection tests. */
import { crc32 } from "node:zlib";

/** A stored (uncompressed) zip, enough for a .docx that type detection recognises. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6a0d90000000049454e44ae426082",
  "hex",
);

export const SAMPLE_FILES: Record<string, { name: string; bytes: Buffer }> = {
  "image/png": { name: "pixel.png", bytes: PNG },
  "image/jpeg": {
    name: "photo.jpg",
    bytes: Buffer.concat([
      Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"),
      Buffer.alloc(64),
      Buffer.from("ffd9", "hex"),
    ]),
  },
  "image/bmp": {
    name: "image.bmp",
    bytes: Buffer.concat([
      Buffer.from("424d3a0000000000000036000000280000000100000001000000010018000000000004000000", "hex"),
      Buffer.alloc(8),
    ]),
  },
  "image/webp": {
    name: "image.webp",
    bytes: Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from("24000000", "hex"),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(24),
    ]),
  },
  "image/svg+xml": {
    name: "icon.svg",
    bytes: Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>'),
  },
  "text/plain": {
    name: "log.txt",
    bytes: Buffer.from("Character stuck at 12,40 after the update.\nTried relogging twice.\n"),
  },
  "video/mp4": {
    name: "clip.mp4",
    bytes: Buffer.concat([
      Buffer.from("0000001c6674797069736f6d0000020069736f6d69736f326d703431", "hex"),
      Buffer.alloc(32),
    ]),
  },
  "application/pdf": { name: "receipt.pdf", bytes: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    name: "report.docx",
    bytes: zip({
      "[Content_Types].xml":
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      "word/document.xml":
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
    }),
  },
};
