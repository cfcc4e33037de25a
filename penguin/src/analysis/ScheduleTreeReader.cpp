//===- ScheduleTreeReader.cpp - Schedule trees from text ------------------===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reading schedule trees from the YAML subset isl writes (block and flow
// mappings, sequences, quoted and plain scalars, comments) and flattened
// schedules from isl maps, with located errors.
//
//===----------------------------------------------------------------------===//

#include "penguin/ScheduleTree.h"

#include "presburger/Errors.h"
#include "presburger/Parser.h"

#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace penguin {

using presburger::UnionRelation;

//===----------------------------------------------------------------------===//
// YAML reading (the subset isl writes: block and flow mappings, sequences,
// double-quoted and plain scalars, '#' comments)
//===----------------------------------------------------------------------===//

namespace {

struct YValue {
  enum Kind { Scalar, Map, List } kind = Scalar;
  std::string text; // Scalar
  bool quoted = false;
  struct Entry {
    std::string key;
    int line = 0, col = 0;
  };
  std::vector<std::pair<Entry, std::shared_ptr<YValue>>> map;
  std::vector<std::shared_ptr<YValue>> list;
  int line = 0, col = 0; // where the value starts
  int textCol = 0;       // for a quoted scalar: column of its first char
};

using YPtr = std::shared_ptr<YValue>;

class YamlReader {
public:
  YamlReader(std::string_view text, std::string file)
      : text_(text), file_(std::move(file)) {
    lineStart_.push_back(0);
    for (size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n')
        lineStart_.push_back(i + 1);
  }

  YPtr read() {
    size_t p = skipSpaceAndComments(0, text_.size());
    if (p < text_.size() && text_[p] == '{') {
      size_t pos = p;
      YPtr v = flowValue(pos, text_.size());
      pos = skipSpaceAndComments(pos, text_.size());
      if (pos < text_.size())
        fail(pos, "unexpected text after the schedule tree");
      return v;
    }
    splitLines();
    if (lines_.empty())
      fail(text_.size(), "the schedule tree is empty");
    size_t li = 0;
    if (lines_[0].indent != 0)
      failAt(lines_[0].no, lines_[0].indent + 1,
             "the schedule tree must start at the first column");
    YPtr v = blockNode(li, 0);
    if (li < lines_.size())
      failAt(lines_[li].no, lines_[li].indent + 1,
             "unexpected indentation (keys of one mapping must line up)");
    return v;
  }

  [[noreturn]] void failAt(int line, int col, const std::string &msg) const {
    throw ParseError(SourceLocation{file_, line, col}, msg);
  }
  [[noreturn]] void fail(size_t offset, const std::string &msg) const {
    auto [l, c] = position(offset);
    failAt(l, c, msg);
  }

  std::pair<int, int> position(size_t offset) const {
    size_t l =
        size_t(std::upper_bound(lineStart_.begin(), lineStart_.end(), offset) -
               lineStart_.begin());
    return {int(l), int(offset - lineStart_[l - 1] + 1)};
  }

private:
  struct Line {
    int no = 0;
    int indent = 0;
    size_t begin = 0, end = 0; // content [begin, end) in text_
  };

  size_t skipSpaceAndComments(size_t p, size_t end) const {
    while (p < end) {
      char c = text_[p];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        ++p;
      } else if (c == '#') {
        while (p < end && text_[p] != '\n')
          ++p;
      } else {
        break;
      }
    }
    return p;
  }

  void splitLines() {
    for (size_t l = 0; l < lineStart_.size(); ++l) {
      size_t b = lineStart_[l];
      size_t e =
          l + 1 < lineStart_.size() ? lineStart_[l + 1] - 1 : text_.size();
      size_t p = b;
      while (p < e && text_[p] == ' ')
        ++p;
      if (p < e && text_[p] == '\t')
        failAt(int(l + 1), int(p - b + 1),
               "tabs are not allowed for indentation");
      // Strip a comment (outside quotes) and trailing blanks.
      size_t q = p;
      bool inQuote = false;
      while (q < e) {
        char c = text_[q];
        if (inQuote) {
          if (c == '\\')
            ++q;
          else if (c == '"')
            inQuote = false;
        } else if (c == '"') {
          inQuote = true;
        } else if (c == '#' && (q == p || text_[q - 1] == ' ')) {
          break;
        }
        ++q;
      }
      size_t ce = std::min(q, e);
      while (ce > p && (text_[ce - 1] == ' ' || text_[ce - 1] == '\r' ||
                        text_[ce - 1] == '\t'))
        --ce;
      if (ce == p)
        continue;
      lines_.push_back({int(l + 1), int(p - b), p, ce});
    }
  }

  bool isListItem(const Line &l) const {
    return text_[l.begin] == '-' &&
           (l.end == l.begin + 1 || text_[l.begin + 1] == ' ');
  }

  int colOf(size_t offset) const { return position(offset).second; }

  YPtr blockNode(size_t &li, int indent) {
    if (isListItem(lines_[li]))
      return blockList(li, indent);
    return blockMap(li, indent);
  }

  YPtr blockList(size_t &li, int indent) {
    auto v = std::make_shared<YValue>();
    v->kind = YValue::List;
    v->line = lines_[li].no;
    v->col = indent + 1;
    while (li < lines_.size() && lines_[li].indent == indent &&
           isListItem(lines_[li])) {
      Line &l = lines_[li];
      size_t p = l.begin + 1;
      while (p < l.end && text_[p] == ' ')
        ++p;
      if (p == l.end) {
        // The item is on the following lines.
        ++li;
        if (li >= lines_.size() || lines_[li].indent <= indent)
          failAt(l.no, indent + 1, "empty list item");
        v->list.push_back(blockNode(li, lines_[li].indent));
        continue;
      }
      // The item starts on this line: re-read the rest as a line of its own.
      l.indent = colOf(p) - 1;
      l.begin = p;
      v->list.push_back(blockNode(li, l.indent));
    }
    return v;
  }

  YPtr blockMap(size_t &li, int indent) {
    auto v = std::make_shared<YValue>();
    v->kind = YValue::Map;
    v->line = lines_[li].no;
    v->col = indent + 1;
    while (li < lines_.size() && lines_[li].indent == indent &&
           !isListItem(lines_[li])) {
      const Line l = lines_[li];
      size_t p = l.begin;
      while (p < l.end && (std::isalnum(static_cast<unsigned char>(text_[p])) ||
                           text_[p] == '_'))
        ++p;
      if (p == l.begin)
        fail(p, "expected a key");
      std::string key(text_.substr(l.begin, p - l.begin));
      YValue::Entry entry;
      entry.key = key;
      entry.line = l.no;
      entry.col = indent + 1;
      if (p == l.end) {
        // A key without value (isl's "leaf").
        v->map.push_back({entry, nullptr});
        ++li;
        continue;
      }
      if (text_[p] != ':')
        fail(p, "expected ':' after the key '" + key + "'");
      ++p;
      if (p < l.end && text_[p] != ' ')
        fail(p, "expected a space after ':'");
      while (p < l.end && text_[p] == ' ')
        ++p;
      ++li;
      if (p == l.end) {
        // The value is on the following lines (deeper, or a list at the
        // same indentation).
        if (li < lines_.size() &&
            (lines_[li].indent > indent ||
             (lines_[li].indent == indent && isListItem(lines_[li])))) {
          v->map.push_back({entry, blockNode(li, lines_[li].indent)});
        } else {
          auto empty = std::make_shared<YValue>();
          empty->line = l.no;
          empty->col = int(p - lineStart_[size_t(l.no - 1)] + 1);
          v->map.push_back({entry, empty});
        }
        continue;
      }
      size_t pos = p;
      YPtr val = flowValue(pos, l.end);
      if (pos != l.end)
        fail(pos, "unexpected text after the value of '" + key + "'");
      v->map.push_back({entry, val});
    }
    return v;
  }

  // Flow values over text_[pos, end).
  YPtr flowValue(size_t &pos, size_t end) {
    pos = skipSpaceAndComments(pos, end);
    if (pos >= end)
      fail(pos, "expected a value");
    auto v = std::make_shared<YValue>();
    auto [l, c] = position(pos);
    v->line = l;
    v->col = c;
    char ch = text_[pos];
    if (ch == '{') {
      v->kind = YValue::Map;
      ++pos;
      pos = skipSpaceAndComments(pos, end);
      if (pos < end && text_[pos] == '}') {
        ++pos;
        return v;
      }
      while (true) {
        pos = skipSpaceAndComments(pos, end);
        size_t kb = pos;
        while (pos < end &&
               (std::isalnum(static_cast<unsigned char>(text_[pos])) ||
                text_[pos] == '_'))
          ++pos;
        if (pos == kb)
          fail(pos, "expected a key");
        YValue::Entry entry;
        entry.key = std::string(text_.substr(kb, pos - kb));
        std::tie(entry.line, entry.col) = position(kb);
        pos = skipSpaceAndComments(pos, end);
        if (pos < end && text_[pos] == ':') {
          ++pos;
          v->map.push_back({entry, flowValue(pos, end)});
        } else {
          v->map.push_back({entry, nullptr});
        }
        pos = skipSpaceAndComments(pos, end);
        if (pos < end && text_[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < end && text_[pos] == '}') {
          ++pos;
          return v;
        }
        fail(pos, "expected ',' or '}' in a mapping");
      }
    }
    if (ch == '[') {
      v->kind = YValue::List;
      ++pos;
      pos = skipSpaceAndComments(pos, end);
      if (pos < end && text_[pos] == ']') {
        ++pos;
        return v;
      }
      while (true) {
        v->list.push_back(flowValue(pos, end));
        pos = skipSpaceAndComments(pos, end);
        if (pos < end && text_[pos] == ',') {
          ++pos;
          continue;
        }
        if (pos < end && text_[pos] == ']') {
          ++pos;
          return v;
        }
        fail(pos, "expected ',' or ']' in a list");
      }
    }
    if (ch == '"') {
      v->quoted = true;
      v->textCol = c + 1;
      ++pos;
      while (true) {
        if (pos >= end || text_[pos] == '\n')
          fail(pos, "unterminated string");
        char x = text_[pos];
        if (x == '"') {
          ++pos;
          return v;
        }
        if (x == '\\') {
          ++pos;
          if (pos >= end)
            fail(pos, "unterminated string");
          char e = text_[pos];
          if (e == 'n')
            v->text += '\n';
          else if (e == 't')
            v->text += '\t';
          else if (e == '"' || e == '\\' || e == '/')
            v->text += e;
          else
            fail(pos, std::string("unknown escape '\\") + e + "'");
          ++pos;
          continue;
        }
        v->text += x;
        ++pos;
      }
    }
    // Plain scalar: up to ',', '}', ']' or the end of the line.
    size_t b = pos;
    while (pos < end && text_[pos] != ',' && text_[pos] != '}' &&
           text_[pos] != ']' && text_[pos] != '\n' && text_[pos] != '#')
      ++pos;
    size_t e = pos;
    while (e > b && (text_[e - 1] == ' ' || text_[e - 1] == '\r'))
      --e;
    v->text = std::string(text_.substr(b, e - b));
    return v;
  }

  std::string_view text_;
  std::string file_;
  std::vector<size_t> lineStart_;
  std::vector<Line> lines_;
};

/// Reads isl text found in a quoted YAML string, mapping parse errors to
/// positions of the schedule text (exact on single-line strings).
class TreeBuilder {
public:
  TreeBuilder(const YamlReader &reader, std::string file)
      : reader_(reader), file_(std::move(file)) {}

  ScheduleNode node(const YValue &v, bool root) {
    if (v.kind != YValue::Map)
      reader_.failAt(v.line, v.col,
                     "expected a schedule tree node (a mapping)");
    static const std::vector<std::string> kinds = {
        "domain", "schedule", "sequence",  "filter",    "mark", "leaf",
        "set",    "context",  "expansion", "extension", "guard"};
    const YValue::Entry *kindEntry = nullptr;
    const YValue *kindValue = nullptr;
    const YValue *childValue = nullptr;
    std::set<std::string> seen;
    for (const auto &[entry, value] : v.map) {
      if (!seen.insert(entry.key).second)
        reader_.failAt(entry.line, entry.col,
                       "the key '" + entry.key + "' appears twice");
      if (std::find(kinds.begin(), kinds.end(), entry.key) != kinds.end()) {
        if (kindEntry)
          reader_.failAt(entry.line, entry.col,
                         "a node has one kind; found '" + kindEntry->key +
                             "' and '" + entry.key + "'");
        kindEntry = &entry;
        kindValue = value.get();
      } else if (entry.key == "child") {
        if (!value)
          reader_.failAt(entry.line, entry.col, "'child' needs a node");
        childValue = value.get();
      } else if (entry.key == "permutable" || entry.key == "coincident" ||
                 entry.key == "options") {
        // Band attributes isl prints; they do not change the order.
      } else {
        reader_.failAt(entry.line, entry.col,
                       "unknown key '" + entry.key + "'");
      }
    }
    if (!kindEntry)
      reader_.failAt(v.line, v.col,
                     "a node needs one of the keys domain, schedule, "
                     "sequence, filter, mark");
    const std::string &k = kindEntry->key;
    auto attrsOnlyOnBand = [&]() {
      for (const auto &[entry, value] : v.map)
        if ((entry.key == "permutable" || entry.key == "coincident" ||
             entry.key == "options") &&
            k != "schedule")
          reader_.failAt(entry.line, entry.col,
                         "'" + entry.key + "' belongs to a band node");
    };
    attrsOnlyOnBand();
    if (k == "set" || k == "context" || k == "expansion" || k == "extension" ||
        k == "guard")
      reader_.failAt(kindEntry->line, kindEntry->col,
                     "'" + k +
                         "' nodes are not supported (the dependence "
                         "check needs one total order: use a "
                         "sequence of filters)");
    if (root && k != "domain")
      reader_.failAt(kindEntry->line, kindEntry->col,
                     "the root of a schedule tree must be a domain node");
    if (!root && k == "domain")
      reader_.failAt(kindEntry->line, kindEntry->col,
                     "a domain node can only be the root");
    auto child = [&]() {
      return childValue ? node(*childValue, false) : ScheduleNode::leaf();
    };
    try {
      if (k == "leaf") {
        if (kindValue)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a leaf has no value");
        if (childValue)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a leaf has no child");
        return ScheduleNode::leaf();
      }
      if (k == "sequence") {
        if (childValue)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a sequence has filters, not a child");
        if (!kindValue || kindValue->kind != YValue::List)
          reader_.failAt(kindEntry->line, kindEntry->col,
                         "a sequence needs a list of filters");
        std::vector<ScheduleNode> filters;
        for (const YPtr &item : kindValue->list) {
          ScheduleNode f = node(*item, false);
          if (f.kind() != ScheduleNodeKind::Filter)
            reader_.failAt(item->line, item->col,
                           "every item of a sequence must be a filter node");
          filters.push_back(std::move(f));
        }
        return ScheduleNode::sequence(std::move(filters));
      }
      const YValue &s = string(*kindEntry, kindValue);
      if (k == "domain")
        return ScheduleNode::domain(unionSet(s, "domain"), child());
      if (k == "filter")
        return ScheduleNode::filter(unionSet(s, "filter"), child());
      if (k == "mark")
        return ScheduleNode::mark(s.text, child());
      // schedule
      return ScheduleNode::band(band(s), child());
    } catch (const ScheduleError &e) {
      reader_.failAt(kindEntry->line, kindEntry->col, e.what());
    }
  }

private:
  const YValue &string(const YValue::Entry &entry, const YValue *v) {
    if (!v || v->kind != YValue::Scalar || (!v->quoted && v->text.empty()))
      reader_.failAt(entry.line, entry.col,
                     "'" + entry.key + "' needs a string value");
    return *v;
  }

  [[noreturn]] void islError(const YValue &s, size_t offset,
                             const presburger::ParseError &e) {
    int line = s.line, col;
    if (e.line() == 1)
      col = (s.quoted ? s.textCol : s.col) + int(offset) + int(e.column()) - 1;
    else {
      line = s.line + int(e.line()) - 1;
      col = int(e.column());
    }
    reader_.failAt(line, col, e.message());
  }

  UnionRelation unionSet(const YValue &s, const char *what) {
    UnionRelation u;
    try {
      u = presburger::parseUnion(s.text);
    } catch (const presburger::ParseError &e) {
      islError(s, 0, e);
    }
    if (!u.isSetUnion())
      reader_.failAt(s.line, s.col,
                     std::string("the ") + what +
                         " must be a set of statement instances");
    return u;
  }

  /// "[params] -> [{...}, {...}]": one union relation per member.
  std::vector<UnionRelation> band(const YValue &s) {
    const std::string &t = s.text;
    size_t p = 0;
    auto skip = [&]() {
      while (p < t.size() && (t[p] == ' ' || t[p] == '\n' || t[p] == '\t'))
        ++p;
    };
    auto bad = [&](size_t at, const std::string &msg) {
      reader_.failAt(s.line, (s.quoted ? s.textCol : s.col) + int(at), msg);
    };
    std::string params;
    skip();
    // An optional parameter list "[n, m] ->" before the member list "[{".
    if (p < t.size() && t[p] == '[') {
      size_t q = p + 1;
      while (q < t.size() && t[q] == ' ')
        ++q;
      if (q < t.size() && t[q] != '{') {
        size_t close = t.find(']', p);
        if (close == std::string::npos)
          bad(p, "unterminated parameter list");
        size_t arrow = t.find("->", close);
        if (arrow == std::string::npos)
          bad(close, "expected '->' after the parameters");
        params = t.substr(p, close - p + 1) + " -> ";
        p = arrow + 2;
        skip();
      }
    }
    if (p >= t.size() || t[p] != '[')
      bad(p, "expected '[' before the band members");
    ++p;
    std::vector<UnionRelation> members;
    while (true) {
      skip();
      if (p >= t.size() || t[p] != '{')
        bad(p, "expected '{' to start a band member");
      size_t b = p;
      int depth = 0;
      for (; p < t.size(); ++p) {
        if (t[p] == '{')
          ++depth;
        else if (t[p] == '}' && --depth == 0)
          break;
      }
      if (p >= t.size())
        bad(b, "unterminated band member");
      ++p;
      std::string member = t.substr(b, p - b);
      UnionRelation u;
      try {
        u = presburger::parseUnion(params + member);
      } catch (const presburger::ParseError &e) {
        if (e.line() == 1 && e.column() > params.size())
          islError(s, b,
                   presburger::ParseError(
                       e.message(), 1, unsigned(e.column() - params.size())));
        islError(s, 0, e);
      }
      if (!u.isRelationUnion() || u.isEmptyUnion())
        bad(b, "a band member must map statement instances to a time, "
               "{ sN[...] -> [(e)] }");
      members.push_back(std::move(u));
      skip();
      if (p < t.size() && t[p] == ',') {
        ++p;
        continue;
      }
      if (p < t.size() && t[p] == ']') {
        ++p;
        break;
      }
      bad(p, "expected ',' or ']' after a band member");
    }
    skip();
    if (p != t.size())
      bad(p, "unexpected text after the band");
    return members;
  }

  const YamlReader &reader_;
  std::string file_;
};

} // namespace

ScheduleTree ScheduleTree::parse(std::string_view text,
                                 const std::string &file) {
  YamlReader reader(text, file);
  YPtr v = reader.read();
  TreeBuilder builder(reader, file);
  return ScheduleTree(builder.node(*v, true));
}

} // namespace penguin
